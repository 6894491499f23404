//! Everything the replica serves, built in order: the generated [`Dataset`], then the datapi's views of it, held side
//! by side (the dataset names no view; the keeper's routes read the dataset and the shared search index).

use crate::datapi::DatapiViews;
use crate::dataset::Dataset;
use crate::search::SearchIndex;

/// The dataset and the views built from it.
#[derive(Debug)]
pub struct World {
    /// The generated data.
    pub dataset: Dataset,
    /// The datapi's pool tables, DAMM v2 pools and limit orders, built from [`World::dataset`].
    pub datapi: DatapiViews,
}

impl World {
    /// Builds the views of `dataset` and holds them beside it.
    pub fn new(dataset: Dataset) -> Self {
        let datapi = DatapiViews::new(&dataset);
        Self { dataset, datapi }
    }

    /// The search index over the pairs that answers the keeper's `search_term`: the DLMM table's (row `i` is pair
    /// `i`), shared rather than built twice.
    pub fn pair_search(&self) -> &SearchIndex {
        &self.datapi.dlmm.search
    }
}
