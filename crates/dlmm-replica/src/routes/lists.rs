//! The three paged list operations.

use std::sync::Arc;

use axum::extract::{Query, State};
use serde::Serialize;

use super::{Reply, bad_request, json_body};
use crate::World;
use crate::dataset::Pair;
use crate::listing::{group_metadata, select_groups, select_pairs};
use crate::query::parse_list_query;

type Params = Query<Vec<(String, String)>>;

/// `AllPairsWithPagination`.
#[derive(Serialize)]
struct PairsPage<'a> {
    pairs: Vec<&'a Pair>,
    total: usize,
}

/// `PairGroup`.
#[derive(Serialize)]
struct Group<'a> {
    name: &'a str,
    pairs: Vec<&'a Pair>,
}

/// `AllGroupOfPairs`.
#[derive(Serialize)]
struct GroupsPage<'a> {
    groups: Vec<Group<'a>>,
    total: usize,
}

/// `AllGroupOfPairsMetadata`.
#[derive(Serialize)]
struct MetadataPage {
    metadatas: Vec<crate::listing::PairGroupMetadata>,
    total: usize,
}

/// `GET /pair/all_with_pagination`: `{pairs, total}`.
pub async fn all_with_pagination(State(w): State<Arc<World>>, Query(params): Params) -> Reply {
    let d = &w.dataset;
    let q = parse_list_query(&params).map_err(|e| bad_request(&e))?;
    let page = select_pairs(d, w.pair_search(), &q);
    let pairs: Vec<_> = page.items.iter().map(|&i| &d.pairs[i as usize]).collect();
    Ok(json_body(&PairsPage { pairs, total: page.total }))
}

/// `GET /pair/all_by_groups`: `{groups: [{name, pairs}], total}`.
pub async fn all_by_groups(State(w): State<Arc<World>>, Query(params): Params) -> Reply {
    let d = &w.dataset;
    let q = parse_list_query(&params).map_err(|e| bad_request(&e))?;
    let page = select_groups(d, w.pair_search(), &q);
    let groups: Vec<_> = page
        .items
        .iter()
        .map(|(g, pairs)| {
            let pairs: Vec<_> = pairs.iter().map(|&i| &d.pairs[i as usize]).collect();
            Group { name: &d.groups[*g as usize].name, pairs }
        })
        .collect();
    Ok(json_body(&GroupsPage { groups, total: page.total }))
}

/// `GET /pair/all_by_groups_metadata`: `{metadatas, total}`.
pub async fn all_by_groups_metadata(State(w): State<Arc<World>>, Query(params): Params) -> Reply {
    let d = &w.dataset;
    let q = parse_list_query(&params).map_err(|e| bad_request(&e))?;
    let page = select_groups(d, w.pair_search(), &q);
    let metadatas: Vec<_> = page.items.iter().map(|(g, pairs)| group_metadata(d, *g, pairs)).collect();
    Ok(json_body(&MetadataPage { metadatas, total: page.total }))
}
