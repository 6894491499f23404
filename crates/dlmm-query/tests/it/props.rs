//! Property tests: no byte input makes a decoder panic, and no builder input can bend a request path.

use crate::common;

use dlmm_query::HttpResponse;
use dlmm_query::ops::*;
use dlmm_query::response::interpret;
use proptest::prelude::*;

/// Feeds `body` with `status` to every operation's decoder; a panic fails the test.
fn interpret_everywhere(status: u16, body: &[u8]) {
    let response = HttpResponse { status, headers: vec![("retry-after".into(), "x".into())], body: body.to_vec() };
    macro_rules! run {
        ($op:ty, $sample:expr) => {
            let _ = interpret::<$op>("http://h/p", &response);
        };
    }
    for_every_operation!(run);
}

/// Every valid sample body, as bytes.
fn samples() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    macro_rules! collect {
        ($op:ty, $sample:expr) => {
            out.push($sample.to_string().into_bytes());
        };
    }
    for_every_operation!(collect);
    out
}

/// One edit of a byte string: `(where, as a fraction of the length; what; the byte used)`.
fn mutate(mut body: Vec<u8>, edits: &[(f64, u8, u8)]) -> Vec<u8> {
    for &(at, kind, byte) in edits {
        let i = ((body.len() as f64) * at) as usize;
        match kind % 4 {
            0 if i < body.len() => body[i] = byte,
            1 => body.insert(i.min(body.len()), byte),
            2 if i < body.len() => {
                body.remove(i);
            }
            _ => body.truncate(i),
        }
    }
    body
}

/// Strings that stress validation: anything, near-addresses, path tricks and huge numbers.
fn tricky() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[1-9A-HJ-NP-Za-km-z]{30,46}",
        "[1-9A-HJ-NP-Za-km-z]{43,44}-[1-9A-HJ-NP-Za-km-z]{43,44}",
        Just(common::PAIR.to_owned()),
        Just(format!("{}-{}", common::USDC, common::WALLET)),
        Just(format!("{}/../{}", common::PAIR, common::USDC)),
        Just("..".to_owned()),
        Just("%2e%2e/?#".to_owned()),
        "[ -~]{0,80}",
    ]
}

/// Checks that a built path has exactly `segments` safe segments.
fn assert_safe_path(path: &str, query: &str, segments: usize) {
    assert!(path.starts_with('/'), "{path}");
    assert!(!path.contains('?') && !path.contains('#') && !path.contains(".."), "{path}");
    let parts: Vec<&str> = path[1..].split('/').collect();
    assert_eq!(parts.len(), segments, "an input added a path segment: {path}");
    for part in parts {
        assert!(!part.is_empty(), "{path}");
        assert!(part.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.~%".contains(&b)), "{path}");
    }
    assert!(!query.contains('#') && !query.contains(' ') && !query.contains('?'), "{query}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn no_byte_input_makes_a_decoder_panic(body in proptest::collection::vec(any::<u8>(), 0..512), status in prop_oneof![Just(200u16), Just(404), Just(429), Just(500), 100u16..600]) {
        interpret_everywhere(status, &body);
    }

    #[test]
    fn mutated_valid_json_never_panics(
        which in 0usize..20,
        edits in proptest::collection::vec((0.0f64..1.0, any::<u8>(), any::<u8>()), 1..6),
    ) {
        let body = mutate(samples().swap_remove(which), &edits);
        interpret_everywhere(200, &body);
    }

    #[test]
    fn builders_never_panic_or_bend_the_path(a in tricky(), b in tricky(), n in any::<u32>(), x in any::<u64>(), f in any::<f64>()) {
        macro_rules! check {
            ($op:expr, $segments:expr) => {
                if let Ok(r) = $op.request() {
                    assert_safe_path(&r.path, &r.query, $segments);
                }
            };
        }
        check!(GetProtocolMetrics::new(), 2);
        check!(All::new().include_unknown(n % 2 == 0), 2);
        let q = PairListQuery::new()
            .page(x)
            .limit(n)
            .skip_size(x / 3)
            .pools_to_top([a.clone()])
            .sort_key(PairSortKey::ALL[(n % 14) as usize])
            .order_by(if n % 2 == 0 { OrderBy::Asc } else { OrderBy::Desc })
            .search_term(b.clone())
            .hide_low_tvl(f)
            .hide_low_apr(true)
            .include_token_mints([b.clone()])
            .include_pool_token_pairs([a.clone()])
            .tags([a.clone()])
            .launchpad([b.clone()]);
        check!(AllByGroups::from_query(q.clone()), 2);
        check!(AllByGroupsMetadata::from_query(q.clone()), 2);
        check!(AllWithPagination::from_query(q), 2);
        check!(AllWithPagination::new().search_term(a.clone()).tags([b.clone()]).limit(n % 1001), 2);
        check!(GetSingleGroupPair::new(a.clone()), 3);
        check!(GetPair::new(a.clone()), 2);
        check!(GetPairFeeBpsByDays::new(a.clone(), n), 4);
        check!(GetPairVolumeByDays::new(a.clone(), n % 300), 4);
        check!(GetPairTvlByDays::new(b.clone(), n), 4);
        check!(GetPairSwapRecords::new(a.clone(), n % 300), 4);
        check!(GetPairPositionsLock::new(a.clone()), 3);
        check!(GetPosition::new(a.clone()), 2);
        check!(GetClaimFees::new(a.clone()), 3);
        check!(GetClaimRewards::new(b.clone()), 3);
        check!(GetDeposits::new(a.clone()), 3);
        check!(GetWithdraws::new(b.clone()), 3);
        check!(GetPositionV2::new(a.clone()), 2);
        check!(GetWalletEarning::new(a.clone(), b.clone()), 4);
        check!(GetPoolMetrics::new(a.clone()), 3);
        check!(GetPoolMetrics::new(b.clone()).case_sensitive(n % 2 == 0), 3);
        let _ = LexicalOrderMints::from_mints(&a, &b);
        let _ = LexicalOrderMints::parse(&a);
    }

    #[test]
    fn valid_addresses_always_build(n in 1u32..=255, limit in 1u32..=1000, page in 0u64..1_000_000) {
        let pair = common::PAIR;
        prop_assert!(GetPairSwapRecords::new(pair, n).request().is_ok());
        prop_assert!(GetPairTvlByDays::new(pair, n).request().is_ok());
        prop_assert!(AllWithPagination::new().limit(limit).page(page).request().is_ok());
    }
}

/// The datapi's `sort_by` and `filter_by` as the client sends them read back, clause for clause, through the
/// replica's own parser (which shares no code with the builders), and no byte input makes a datapi decoder panic.
mod datapi {
    use std::collections::HashMap;

    use dlmm_query::HttpResponse;
    use dlmm_query::datapi::ops::{damm_v2, dlmm};
    use dlmm_query::datapi::params::{
        BoolField, Comparison, Condition, Direction, FilterBy, NumericField, SortBy, SortField, TextField, Timeframe,
        WindowedMetric,
    };
    use dlmm_query::ops::Operation;
    use dlmm_query::response::interpret;
    use proptest::prelude::*;

    fn timeframe() -> impl Strategy<Value = Timeframe> {
        proptest::sample::select(Timeframe::ALL.to_vec())
    }

    fn direction() -> impl Strategy<Value = Direction> {
        proptest::sample::select(Direction::ALL.to_vec())
    }

    fn sort_by() -> impl Strategy<Value = (SortBy, String, bool)> {
        let windowed =
            (proptest::sample::select(WindowedMetric::ALL.to_vec()), timeframe(), direction()).prop_map(|(m, w, d)| {
                (SortBy::windowed(m, w, d), format!("{}_{}", m.as_str(), w.as_str()), d == Direction::Desc)
            });
        let field = (proptest::sample::select(SortField::ALL.to_vec()), direction())
            .prop_map(|(f, d)| (SortBy::field(f, d), f.as_str().to_owned(), d == Direction::Desc));
        prop_oneof![windowed, field]
    }

    /// A number as users write them: whole, fractional, tiny, huge, negative.
    fn number() -> impl Strategy<Value = f64> {
        prop_oneof![
            (0u32..1_000_000).prop_map(f64::from),
            (-1e6f64..1e6),
            (1e-12f64..1e-3),
            (1e15f64..1e300),
            Just(0.0),
            Just(f64::MAX),
        ]
    }

    fn condition() -> impl Strategy<Value = Condition> {
        let numeric_field = prop_oneof![
            Just(NumericField::Tvl),
            (proptest::sample::select(WindowedMetric::ALL.to_vec()), timeframe())
                .prop_map(|(m, w)| NumericField::Windowed(m, w)),
        ];
        let comparison = proptest::sample::select(Comparison::ALL.to_vec());
        let text = proptest::sample::select(TextField::ALL.to_vec());
        let value = "[A-Za-z0-9][A-Za-z0-9_.-]{0,20}";
        prop_oneof![
            (numeric_field, comparison, number()).prop_map(|(f, c, v)| Condition::Numeric(f, c, v)),
            any::<bool>().prop_map(|b| Condition::Bool(BoolField::IsBlacklisted, b)),
            (text, proptest::collection::vec(value, 1..4)).prop_map(|(f, vs)| Condition::Text(f, vs)),
        ]
    }

    /// The decoded value of `name` in the query string of `operation`'s request.
    fn sent(operation: &impl Operation, name: &str) -> String {
        let request = operation.request().expect("valid by construction");
        let pairs: HashMap<String, String> = serde_html_form::from_str(&request.query).expect("a query string");
        pairs.get(name).cloned().unwrap_or_else(|| panic!("{name} was not sent: {}", request.query))
    }

    proptest! {
        #[test]
        fn sort_by_round_trips_through_the_replica((sort, field, descending) in sort_by()) {
            let wire = sent(&dlmm::GetPools::new().sort_by(sort), "sort_by");
            let parsed = dlmm_replica::parse_sort_by(&wire).map_err(TestCaseError::fail)?;
            prop_assert_eq!(parsed.field, field);
            prop_assert_eq!(parsed.descending, descending);
        }

        #[test]
        fn filter_by_round_trips_through_the_replica(conditions in proptest::collection::vec(condition(), 1..5)) {
            let filter = conditions.iter().cloned().fold(FilterBy::new(), FilterBy::and);
            let wire = sent(&damm_v2::GetPools::new().filter_by(filter), "filter_by");
            let parsed = dlmm_replica::parse_filter_by(&wire).map_err(TestCaseError::fail)?;
            prop_assert_eq!(parsed.len(), conditions.len(), "{}", wire);
            for (clause, condition) in parsed.iter().zip(&conditions) {
                match condition {
                    Condition::Numeric(field, op, value) => {
                        prop_assert_eq!(&clause.field, &field.to_string());
                        prop_assert_eq!(&clause.op, op.as_str());
                        prop_assert_eq!(clause.values.len(), 1);
                        prop_assert_eq!(clause.values[0].parse::<f64>().ok(), Some(*value), "{}", wire);
                    }
                    Condition::Bool(field, value) => {
                        prop_assert_eq!(&clause.field, field.as_str());
                        prop_assert_eq!(&clause.values, &vec![value.to_string()]);
                    }
                    Condition::Text(field, values) => {
                        prop_assert_eq!(&clause.field, field.as_str());
                        prop_assert_eq!(&clause.op, "=");
                        prop_assert_eq!(&clause.values, values);
                    }
                }
            }
        }

        #[test]
        fn no_body_makes_a_datapi_decoder_panic(
            status in prop_oneof![Just(200u16), Just(400), Just(404), Just(429), 100u16..600],
            body in prop_oneof![
                proptest::collection::vec(any::<u8>(), 0..300),
                "[ -~]{0,200}".prop_map(String::into_bytes),
                r#"\{"(total|pages|data|page|hasNext|events|start_time)":(-?[0-9]{1,25}|"[^"]{0,8}"|\[\]|null|1e400)\}"#
                    .prop_map(String::into_bytes),
            ],
        ) {
            let response = HttpResponse { status, headers: vec![], body };
            let _ = interpret::<dlmm::GetPools>("u", &response);
            let _ = interpret::<dlmm::GetPool>("u", &response);
            let _ = interpret::<dlmm::GetPoolOhlcv>("u", &response);
            let _ = interpret::<dlmm::GetPortfolio>("u", &response);
            let _ = interpret::<dlmm::GetOpenPortfolio>("u", &response);
            let _ = interpret::<dlmm::GetPositionEvents>("u", &response);
            let _ = interpret::<dlmm::GetPositionsPnl>("u", &response);
            let _ = interpret::<dlmm::GetWalletPoolClaims>("u", &response);
            let _ = interpret::<dlmm::GetOpenLimitOrders>("u", &response);
            let _ = interpret::<damm_v2::GetPool>("u", &response);
            let _ = interpret::<damm_v2::GetPoolVolumeHistory>("u", &response);
        }
    }
}
