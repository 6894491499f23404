//! [`Paginated`]: the numbered-page envelope of pool, group and limit-order lists.

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::wire;

/// One page of a list (`PaginationResponse_*`): `{total, pages, current_page, page_size, data}`. Pages are 1-based.
#[wire::lenient_numbers(ts = "Datapi")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Paginated<T> {
    /// Number of items across all pages.
    pub total: u64,
    /// Number of pages.
    pub pages: u64,
    /// This page's number, from 1.
    pub current_page: u64,
    /// Items per page (the last page may hold fewer).
    pub page_size: u64,
    /// The items of this page.
    pub data: Vec<T>,
}

impl<T> Paginated<T> {
    /// Whether a page follows this one.
    pub fn has_next(&self) -> bool {
        self.current_page < self.pages
    }
}
