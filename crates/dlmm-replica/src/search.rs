//! The free-text index behind the keeper's `search_term` and the datapi's `query`, built once with each datapi pool
//! table (the DLMM table's, over the pairs, also answers the keeper's `search_term`).
//!
//! Terms are the distinct lowercased pool names (`"sol-usdc"`) and lowercased mints, each with the sorted list of
//! pools that carry it. A search lowercases the text and unions the postings of every term containing it: the
//! work grows with the number of distinct terms, not with the number of pools, and no pool name is lowercased per
//! request. (Same answers as a case-insensitive substring test of the name and both mints.)

use std::collections::HashMap;

/// Terms with their postings (pool row indexes, ascending).
#[derive(Clone, Debug, Default)]
pub struct SearchIndex {
    terms: Vec<(Box<str>, Vec<u32>)>,
}

impl SearchIndex {
    /// Builds the index over `(name, mint_x, mint_y)` of each pool, in row order.
    pub fn build<'a>(pools: impl Iterator<Item = (&'a str, &'a str, &'a str)>) -> Self {
        let mut by_term: HashMap<String, Vec<u32>> = HashMap::new();
        for (row, (name, mint_x, mint_y)) in pools.enumerate() {
            let row = row as u32;
            for term in [name, mint_x, mint_y] {
                let postings = by_term.entry(term.to_lowercase()).or_default();
                if postings.last() != Some(&row) {
                    postings.push(row);
                }
            }
        }
        let mut terms: Vec<(Box<str>, Vec<u32>)> = by_term.into_iter().map(|(t, p)| (t.into_boxed_str(), p)).collect();
        terms.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        Self { terms }
    }

    /// Rows whose name or a mint contains `text` (case-insensitive), ascending and distinct.
    pub fn search(&self, text: &str) -> Vec<u32> {
        let needle = text.to_lowercase();
        let mut rows: Vec<u32> = Vec::new();
        for (term, postings) in &self.terms {
            if term.contains(needle.as_str()) {
                rows.extend_from_slice(postings);
            }
        }
        rows.sort_unstable();
        rows.dedup();
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_matches_substrings_of_names_and_mints() {
        let pools = [("SOL-USDC", "So111", "EPjF"), ("JUP-SOL", "JUPy", "So111"), ("猫咪-SOL", "Cat1", "So111")];
        let index = SearchIndex::build(pools.iter().map(|&(n, x, y)| (n, x, y)));
        assert_eq!(index.search("sol"), [0, 1, 2]);
        assert_eq!(index.search("L-U"), [0]);
        assert_eq!(index.search("jupy"), [1]);
        assert_eq!(index.search("猫"), [2]);
        assert!(index.search("zzz").is_empty());
        assert_eq!(index.terms.len(), 7);
    }
}
