//! Conformance: every route of the pair group and the pool metrics route, under several parameter mixes, is
//! validated against the response schemas of the vendor's OpenAPI files (read from `<repo>/../shared/openapi/`;
//! the test skips when that folder is absent).

use dlmm_replica::{Replica, ReplicaConfig};
use serde_json::{Map, Value, json};

/// The JSON file `file` of the shared folder `folder` (`openapi`, `real`), or `None` (said) where it is absent.
fn shared_json(folder: &str, file: &str) -> Option<Value> {
    let path = dlmm_replica::shared::dir(folder).join(file);
    if dlmm_replica::shared::absent(&path, "the conformance test") {
        return None;
    }
    Some(serde_json::from_str(&std::fs::read_to_string(&path).expect("a shared file")).expect("it is JSON"))
}

fn load_spec(file: &str) -> Option<Value> {
    shared_json("openapi", file)
}

/// Rewrites OpenAPI 3.0 `nullable: true` into a JSON Schema type union.
fn denullify(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if map.remove("nullable") == Some(Value::Bool(true)) {
                match map.get_mut("type") {
                    Some(Value::String(t)) => {
                        let t = t.clone();
                        map.insert("type".into(), json!([t, "null"]));
                    }
                    Some(Value::Array(types)) if !types.contains(&json!("null")) => types.push(json!("null")),
                    _ => {}
                }
            }
            map.values_mut().for_each(denullify);
        }
        Value::Array(items) => items.iter_mut().for_each(denullify),
        _ => {}
    }
}

/// Validators of one spec's response schemas, `$ref`s resolved through the inlined components.
struct Spec {
    doc: Value,
}

impl Spec {
    fn new(mut doc: Value) -> Self {
        denullify(&mut doc);
        Self { doc }
    }

    /// The validator of `path`'s answer with `status`; with `formats`, `date-time` and the other known formats are
    /// checked too.
    fn validator(&self, path: &str, status: &str, formats: bool) -> jsonschema::Validator {
        let schema =
            self.doc["paths"][path]["get"]["responses"][status]["content"]["application/json"]["schema"].clone();
        assert!(!schema.is_null(), "no schema for {path} {status}");
        let mut root = Map::new();
        root.insert("$schema".into(), json!("https://json-schema.org/draft/2020-12/schema"));
        if let Value::Object(fields) = schema {
            root.extend(fields);
        }
        root.insert("components".into(), self.doc["components"].clone());
        jsonschema::options().should_validate_formats(formats).build(&Value::Object(root)).expect("the schema compiles")
    }

    fn check(&self, path: &str, status: &str, url: &str, body: &Value) {
        self.check_with(path, status, false, url, body);
    }

    fn check_with(&self, path: &str, status: &str, formats: bool, url: &str, body: &Value) {
        let validator = self.validator(path, status, formats);
        let errors: Vec<String> =
            validator.iter_errors(body).take(5).map(|e| format!("{e} at {}", e.instance_path())).collect();
        assert!(errors.is_empty(), "{url} does not match {path} {status}: {errors:#?}");
    }
}

async fn get(client: &reqwest::Client, url: &str) -> (u16, Value) {
    let response = client.get(url).send().await.unwrap_or_else(|e| panic!("GET {url}: {e}"));
    let status = response.status().as_u16();
    let text = response.text().await.expect("a body");
    (status, serde_json::from_str(&text).unwrap_or_else(|e| panic!("{url} is not JSON ({e}): {text:.200}")))
}

async fn get_ok(client: &reqwest::Client, url: &str) -> Value {
    let (status, body) = get(client, url).await;
    assert_eq!(status, 200, "{url}: {body}");
    body
}

#[tokio::test]
async fn every_route_matches_the_spec() {
    let (Some(pair_doc), Some(pool_doc)) = (load_spec("pair-api.openapi.json"), load_spec("pool-api.openapi.json"))
    else {
        return;
    };
    let (pair_spec, pool_spec) = (Spec::new(pair_doc), Spec::new(pool_doc));
    let replica = Replica::start(ReplicaConfig::default()).await.expect("replica starts");
    let (base, pool_base) = (replica.pair_base_url(), replica.pool_base_url());
    let client = reqwest::Client::new();
    let samples = get_ok(&client, &format!("{base}/__replica/samples")).await;
    let s = |key: &str| samples[key].as_str().unwrap_or_else(|| panic!("sample {key}")).to_string();
    let (sol, usdc) = (samples["mints"]["SOL"].as_str().unwrap(), samples["mints"]["USDC"].as_str().unwrap());

    // The validation is not vacuous: a PairInfo with a numeric `liquidity` or a missing window key fails.
    let pair_url = format!("{base}/pair/{}", s("pair_with_farm"));
    let mut broken = get_ok(&client, &pair_url).await;
    let validator = pair_spec.validator("/pair/{pair_address}", "200", false);
    assert!(validator.is_valid(&broken));
    broken["liquidity"] = json!(12.5);
    assert!(!validator.is_valid(&broken));
    let mut broken = get_ok(&client, &pair_url).await;
    broken["fees"].as_object_mut().unwrap().remove("min_30");
    assert!(!validator.is_valid(&broken));

    let url = format!("{base}/info/protocol_metrics");
    let body = get_ok(&client, &url).await;
    pair_spec.check("/info/protocol_metrics", "200", &url, &body);
    assert_eq!(body.as_array().map(Vec::len), Some(1));

    for query in ["", "?include_unknown=false", "?include_unknown=true"] {
        let url = format!("{base}/pair/all{query}");
        let body = get_ok(&client, &url).await;
        pair_spec.check("/pair/all", "200", &url, &body);
        let expected =
            replica.dataset().pairs.iter().filter(|p| query != "?include_unknown=false" || p.is_verified).count();
        assert_eq!(body.as_array().unwrap().len(), expected, "{url}");
    }

    let first_pair = samples["pairs"][3].as_str().unwrap().to_string();
    let mixes = [
        String::new(),
        "sort_key=tvl&order_by=asc".into(),
        "sort_key=feetvlratio4h&page=2&limit=7".into(),
        "include_unknown=false&hide_low_tvl=100".into(),
        "search_term=SOL&tags=stable,lst".into(),
        format!("include_token_mints[]={sol}&sort_key=volume1h"),
        format!("include_pool_token_pairs={sol}-{usdc}&sort_key=feetvlratio"),
        "launchpad=pump.fun&launchpad=met-dbc&sort_key=volume30m".into(),
        "hide_low_apr=true&sort_key=lm&limit=1000".into(),
        format!("pools_to_top={first_pair}&skip_size=3&limit=5"),
        "page=100000".into(),
        "sort_key=volume12h&order_by=desc&__fault=delay-ms%3D1".into(),
    ];
    for mix in &mixes {
        for (path, items) in [
            ("/pair/all_with_pagination", "pairs"),
            ("/pair/all_by_groups", "groups"),
            ("/pair/all_by_groups_metadata", "metadatas"),
        ] {
            let url = format!("{base}{path}?{mix}");
            let body = get_ok(&client, &url).await;
            pair_spec.check(path, "200", &url, &body);
            assert!(body[items].as_array().unwrap().len() <= body["total"].as_u64().unwrap() as usize, "{url}");
        }
    }

    let url = format!("{base}/pair/group_pair/{}", s("group"));
    let body = get_ok(&client, &url).await;
    pair_spec.check("/pair/group_pair/{lexical_order_mints}", "200", &url, &body);
    assert!(body.as_array().unwrap().len() >= 2);

    let mut pairs: Vec<String> =
        samples["pairs"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().into()).collect();
    pairs.extend([s("pair_with_farm"), s("pair_with_locks"), s("pair_with_large_amounts")]);
    for pair in &pairs {
        let url = format!("{base}/pair/{pair}");
        let body = get_ok(&client, &url).await;
        pair_spec.check("/pair/{pair_address}", "200", &url, &body);
        for (route, query) in [
            ("pair_fee_bps", "num_of_days=1"),
            ("pair_trade_volume", "num_of_days=30"),
            ("pair_tvl", "num_of_days=255"),
            ("swap_history", "rows_to_take=255"),
            ("swap_history", "rows_to_take=1"),
        ] {
            let url = format!("{base}/pair/{pair}/analytic/{route}?{query}");
            let body = get_ok(&client, &url).await;
            pair_spec.check(&format!("/pair/{{pair_address}}/analytic/{route}"), "200", &url, &body);
            assert!(!body.as_array().unwrap().is_empty(), "{url}");
        }
        let url = format!("{base}/pair/{pair}/positions_lock");
        let body = get_ok(&client, &url).await;
        pair_spec.check("/pair/{pair_address}/positions_lock", "200", &url, &body);
    }
    let locks = get_ok(&client, &format!("{base}/pair/{}/positions_lock", s("pair_with_locks"))).await;
    assert!(!locks.as_array().unwrap().is_empty());

    let mut positions: Vec<String> =
        samples["positions"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().into()).collect();
    assert!(!positions.is_empty());
    positions.push(s("position_with_large_amounts"));
    for position in &positions {
        for (suffix, path) in [
            ("", "/position/{position_address}"),
            ("/claim_fees", "/position/{position_address}/claim_fees"),
            ("/claim_rewards", "/position/{position_address}/claim_rewards"),
            ("/deposits", "/position/{position_address}/deposits"),
            ("/withdraws", "/position/{position_address}/withdraws"),
        ] {
            let url = format!("{base}/position/{position}{suffix}");
            let body = get_ok(&client, &url).await;
            pair_spec.check(path, "200", &url, &body);
        }
        let url = format!("{base}/position_v2/{position}");
        let body = get_ok(&client, &url).await;
        pair_spec.check("/position_v2/{position_address}", "200", &url, &body);
    }

    for wallet in samples["wallets"].as_array().unwrap() {
        let url = format!(
            "{base}/wallet/{}/{}/earning",
            wallet["wallet"].as_str().unwrap(),
            wallet["pair"].as_str().unwrap()
        );
        let body = get_ok(&client, &url).await;
        pair_spec.check("/wallet/{wallet_address}/{pair_address}/earning", "200", &url, &body);
        assert_eq!(body.as_array().unwrap().len(), 1, "{url}");
    }
    let empty = &samples["wallet_without_earnings"];
    let url =
        format!("{base}/wallet/{}/{}/earning", empty["wallet"].as_str().unwrap(), empty["pair"].as_str().unwrap());
    let body = get_ok(&client, &url).await;
    pair_spec.check("/wallet/{wallet_address}/{pair_address}/earning", "200", &url, &body);
    assert_eq!(body, json!([]));

    for pool in samples["pools"].as_array().unwrap() {
        let pool = pool.as_str().unwrap();
        for query in ["", "?case_sensitive=true", "?case_sensitive=false"] {
            let url = format!("{pool_base}/pools/{pool}/metrics{query}");
            let body = get_ok(&client, &url).await;
            pool_spec.check("/pools/{address}/metrics", "200", &url, &body);
        }
        let url = format!("{pool_base}/pools/{}/metrics?case_sensitive=false", pool.to_lowercase());
        pool_spec.check("/pools/{address}/metrics", "200", &url, &get_ok(&client, &url).await);
    }
    let url = format!("{pool_base}/pools/{}/metrics", s("unknown_pool"));
    let (status, body) = get(&client, &url).await;
    assert_eq!(status, 404);
    pool_spec.check("/pools/{address}/metrics", "404", &url, &body);
    assert_eq!(
        body,
        json!({"data": null, "error": {"message": format!("Pool {} not found", s("unknown_pool")), "type": "NotFound"}, "status": 404})
    );
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn errors_have_the_decided_statuses_and_shapes() {
    let replica = Replica::start(ReplicaConfig::default()).await.expect("replica starts");
    let base = replica.pair_base_url();
    let client = reqwest::Client::new();
    let samples = get_ok(&client, &format!("{base}/__replica/samples")).await;
    let s = |key: &str| samples[key].as_str().unwrap().to_string();
    let pair = s("pair_with_farm");
    let cases = [
        (format!("/pair/{}", s("unknown_pair")), 404),
        (format!("/pair/{}/analytic/pair_tvl?num_of_days=3", s("unknown_pair")), 404),
        (format!("/pair/{}/positions_lock", s("unknown_pair")), 404),
        ("/pair/not-an-address".to_string(), 400),
        (format!("/pair/group_pair/{}", s("unindexed_group")), 500),
        ("/pair/group_pair/abc-def".to_string(), 400),
        (format!("/position/{}", s("unindexed_position")), 500),
        (format!("/position/{}/deposits", s("unindexed_position")), 500),
        (format!("/position/{}/withdraws", s("unindexed_position")), 500),
        (format!("/position/{}/claim_fees", s("unindexed_position")), 500),
        (format!("/position/{}/claim_rewards", s("unindexed_position")), 500),
        (format!("/position_v2/{}", s("unindexed_position")), 500),
        ("/position/xyz".to_string(), 400),
        (format!("/pair/{pair}/analytic/pair_tvl?num_of_days=0"), 400),
        (format!("/pair/{pair}/analytic/pair_tvl?num_of_days=256"), 400),
        (format!("/pair/{pair}/analytic/pair_fee_bps"), 400),
        (format!("/pair/{pair}/analytic/swap_history?rows_to_take=256"), 400),
        (format!("/pair/{pair}/analytic/pair_trade_volume?num_of_days=abc"), 400),
        ("/pair/all_with_pagination?page=x".to_string(), 400),
        ("/pair/all_with_pagination?limit=1001".to_string(), 400),
        ("/pair/all_with_pagination?limit=0".to_string(), 400),
        ("/pair/all_by_groups?sort_key=price".to_string(), 400),
        ("/pair/all_by_groups_metadata?hide_low_tvl=-5".to_string(), 400),
        ("/pair/all?include_unknown=maybe".to_string(), 400),
        ("/wallet/bad/bad/earning".to_string(), 400),
    ];
    for (path, expected) in cases {
        let (status, body) = get(&client, &format!("{base}{path}")).await;
        assert_eq!(status, expected, "{path}: {body}");
        assert!(body["message"].is_string(), "{path}: {body}");
    }
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn large_amounts_are_exact_json_integers() {
    let replica = Replica::start(ReplicaConfig::default()).await.expect("replica starts");
    let base = replica.pair_base_url();
    let client = reqwest::Client::new();
    let samples = get_ok(&client, &format!("{base}/__replica/samples")).await;
    let pair = get_ok(&client, &format!("{base}/pair/{}", samples["pair_with_large_amounts"].as_str().unwrap())).await;
    let reserve = pair["reserve_x_amount"].as_u64().expect("an integer");
    assert!(reserve > 1 << 53);
    let record = replica.dataset().pair_index(pair["address"].as_str().unwrap()).unwrap();
    assert_eq!(reserve, replica.dataset().pairs[record].reserve_x_amount);
    let position = samples["position_with_large_amounts"].as_str().unwrap();
    let deposits = get_ok(&client, &format!("{base}/position/{position}/deposits")).await;
    assert!(deposits.as_array().unwrap().iter().any(|d| d["token_x_amount"].as_u64().unwrap() > 1 << 53));
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn samples_have_exactly_the_documented_keys() {
    let replica = Replica::start(ReplicaConfig::default()).await.expect("replica starts");
    let client = reqwest::Client::new();
    let samples = get_ok(&client, &format!("{}/__replica/samples", replica.pair_base_url())).await;
    let mut keys: Vec<&str> = samples.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    let mut expected = vec![
        "seed",
        "pairs",
        "pair_with_farm",
        "pair_with_locks",
        "pair_with_large_amounts",
        "unknown_pair",
        "group",
        "unindexed_group",
        "positions",
        "position_with_large_amounts",
        "unindexed_position",
        "wallets",
        "wallet_without_earnings",
        "pools",
        "unknown_pool",
        "mints",
        "datapi",
    ];
    expected.sort_unstable();
    assert_eq!(keys, expected);
    assert!(samples["pairs"].as_array().unwrap().len() >= 8);
    assert!(samples.as_object().unwrap().values().all(|v| !v.is_null()), "{samples}");
    assert_eq!(samples["mints"]["SOL"], "So11111111111111111111111111111111111111112");
    let mut datapi_keys: Vec<&str> = samples["datapi"].as_object().unwrap().keys().map(String::as_str).collect();
    datapi_keys.sort_unstable();
    assert_eq!(
        datapi_keys,
        [
            "damm_v2_group",
            "damm_v2_pools",
            "dlmm_group",
            "dlmm_pool_with_farm",
            "dlmm_pools",
            "position_with_events",
            "unknown_pool",
            "wallet_with_limit_orders",
            "wallet_with_positions",
            "wallet_without_positions",
        ]
    );
    assert!(samples["datapi"].as_object().unwrap().values().all(|v| !v.is_null()), "{samples}");
    // Every port lists the same samples.
    for base in [replica.pool_base_url(), replica.dlmm_datapi_base_url(), replica.damm_v2_datapi_base_url()] {
        assert_eq!(get_ok(&client, &format!("{base}/__replica/samples")).await, samples);
    }
    replica.shutdown().await.unwrap();
}

/// Checks a datapi answer against its spec with formats validated.
fn check_strict(spec: &Spec, path: &str, url: &str, body: &Value) {
    spec.check_with(path, "200", true, url, body);
}

/// The DLMM datapi's contract: the live spec where it lists the route (it wins where it and the docs disagree), the
/// May docs for the group routes it no longer lists.
struct DlmmContract {
    live: Spec,
    docs: Spec,
}

impl DlmmContract {
    fn spec(&self, path: &str) -> &Spec {
        if self.live.doc["paths"].get(path).is_some() { &self.live } else { &self.docs }
    }
}

fn with_params(base: &str, path: &str, params: &[(&str, String)]) -> String {
    reqwest::Url::parse_with_params(&format!("{base}{path}"), params).expect("a URL").to_string()
}

/// Every datapi route of both services, under many parameter mixes, matches its spec with formats validated.
#[tokio::test]
async fn datapi_routes_match_the_specs() {
    let (Some(dlmm_doc), Some(live_doc), Some(damm_doc)) = (
        load_spec("dlmm-datapi.openapi.json"),
        load_spec("dlmm-datapi.live.openapi.json"),
        load_spec("damm-v2-datapi.openapi.json"),
    ) else {
        return;
    };
    let dlmm_contract = DlmmContract { live: Spec::new(live_doc), docs: Spec::new(dlmm_doc) };
    let damm_spec = Spec::new(damm_doc);
    let dlmm_spec = &dlmm_contract.live;
    let config = ReplicaConfig { serve_groups: true, ..ReplicaConfig::default() };
    let replica = Replica::start(config).await.expect("replica starts");
    let (dlmm, damm) = (replica.dlmm_datapi_base_url(), replica.damm_v2_datapi_base_url());
    let client = reqwest::Client::new();
    let samples = get_ok(&client, &format!("{dlmm}/__replica/samples")).await;
    let s = &samples["datapi"];
    let text = |v: &Value| v.as_str().unwrap_or_else(|| panic!("sample {v}")).to_string();
    let (sol, usdc) = (text(&samples["mints"]["SOL"]), text(&samples["mints"]["USDC"]));

    // Not vacuous: a pool with a string TVL, or an event with a malformed `createdAt`, fails.
    let pool_url = format!("{dlmm}/pools/{}", text(&s["dlmm_pools"][0]));
    let mut broken = get_ok(&client, &pool_url).await;
    let validator = dlmm_spec.validator("/pools/{address}", "200", true);
    assert!(validator.is_valid(&broken));
    broken["tvl"] = json!("12.5");
    assert!(!validator.is_valid(&broken));
    let position = text(&s["position_with_events"]);
    let events_url = format!("{dlmm}/positions/{position}/historical");
    let mut events = get_ok(&client, &events_url).await;
    let validator = dlmm_spec.validator("/positions/{address}/historical", "200", true);
    assert!(validator.is_valid(&events));
    events["events"][0]["createdAt"] = json!("yesterday");
    assert!(!validator.is_valid(&events), "format is validated");

    let mixes: Vec<Vec<(&str, String)>> = vec![
        vec![],
        vec![("page", "2".into()), ("page_size", "7".into())],
        vec![("page_size", "1000".into())],
        vec![("sort_by", "tvl:asc".into())],
        vec![("sort_by", "fee_tvl_ratio_5m:desc".into()), ("filter_by", "tvl>100".into())],
        vec![("filter_by", "is_blacklisted=false && volume_24h>=10".into()), ("page_size", "50".into())],
        vec![("query", "SOL".into()), ("sort_by", "apr_1h:asc".into())],
        vec![("filter_by", format!("token_y=[{sol}|{usdc}]")), ("sort_by", "fee_4h:desc".into())],
        vec![("sort_by", "pool_created_at:desc".into()), ("filter_by", "bin_step<=10 && fee_pct>0".into())],
        vec![("filter_by", "launchpad=[pump.fun|met-dbc]".into()), ("sort_by", "farm_apy:desc".into())],
        vec![("filter_by", "has_farm=true".into()), ("sort_by", "bin_step:asc".into())],
        vec![("sort_key", "tvl".into()), ("order_by", "asc".into()), ("limit", "3".into())],
        vec![("page", "100000".into())],
        vec![("query", text(&s["dlmm_pools"][1]))],
    ];
    for (base, contract, pools, group) in [
        (&dlmm, Some(&dlmm_contract), &s["dlmm_pools"], text(&s["dlmm_group"])),
        (&damm, None, &s["damm_v2_pools"], text(&s["damm_v2_group"])),
    ] {
        let spec_of = |path: &str| contract.map_or(&damm_spec, |c| c.spec(path));
        for mix in &mixes {
            for path in ["/pools", "/pools/groups", "/pools/groups/{lexical_order_mints}"] {
                let mut mix = mix.clone();
                let is_group_list = path != "/pools";
                if is_group_list && mix.iter().any(|(k, v)| *k == "page_size" && v == "1000") {
                    mix.retain(|(k, _)| *k != "page_size");
                    mix.push(("page_size", "100".into()));
                }
                if path == "/pools/groups" {
                    mix.push(("volume_tw", "volume_4h".into()));
                }
                let url = with_params(base, &path.replace("{lexical_order_mints}", &group), &mix);
                let body = get_ok(&client, &url).await;
                check_strict(spec_of(path), path, &url, &body);
                let (total, size) = (body["total"].as_u64().unwrap(), body["page_size"].as_u64().unwrap());
                assert!(body["data"].as_array().unwrap().len() as u64 <= size.min(total), "{url}");
                assert_eq!(body["pages"].as_u64().unwrap(), total.div_ceil(size), "{url}");
            }
        }
        let url = format!("{base}/stats/protocol_metrics");
        let body = get_ok(&client, &url).await;
        check_strict(spec_of("/stats/protocol_metrics"), "/stats/protocol_metrics", &url, &body);
        assert!(body["refreshed_at"].is_i64(), "{body}");
        for pool in pools.as_array().unwrap() {
            let pool = text(pool);
            let url = format!("{base}/pools/{pool}");
            let body = get_ok(&client, &url).await;
            check_strict(spec_of("/pools/{address}"), "/pools/{address}", &url, &body);
            assert_eq!(body["address"], pool.as_str());
            assert!(body["launchpad"].is_string() && body["created_at"].as_u64().unwrap() > 1_500_000_000_000);
            for (timeframe, span) in
                [("5m", 300 * 999), ("30m", 1_800 * 200), ("1h", 3_600 * 48), ("2h", 7_200 * 10), ("4h", 14_400 * 3)]
                    .into_iter()
                    .chain([("12h", 43_200 * 60), ("24h", 86_400 * 999)])
            {
                let end = 1_763_720_000i64;
                for (route, path) in
                    [("ohlcv", "/pools/{address}/ohlcv"), ("volume/history", "/pools/{address}/volume/history")]
                {
                    let url = with_params(
                        base,
                        &format!("/pools/{pool}/{route}"),
                        &[
                            ("timeframe", timeframe.into()),
                            ("start_time", (end - span).to_string()),
                            ("end_time", end.to_string()),
                        ],
                    );
                    let body = get_ok(&client, &url).await;
                    check_strict(spec_of(path), path, &url, &body);
                    assert_eq!(body["timeframe"], timeframe);
                    assert!(!body["data"].as_array().unwrap().is_empty(), "{url}");
                }
            }
            for route in ["ohlcv", "volume/history"] {
                let url = format!("{base}/pools/{pool}/{route}");
                let path = format!("/pools/{{address}}/{route}");
                check_strict(spec_of(&path), &path, &url, &get_ok(&client, &url).await);
            }
        }
    }

    // The DLMM wallet, position and limit-order routes.
    let owner = &s["wallet_with_positions"];
    let (wallet, pool, open_pool) = (text(&owner["wallet"]), text(&owner["pool"]), text(&owner["open_pool"]));
    let cases: Vec<(&str, String)> = vec![
        ("/positions/{address}/historical", format!("/positions/{position}/historical")),
        (
            "/positions/{address}/historical",
            format!("/positions/{position}/historical?event_type=claim_reward&order_direction=asc"),
        ),
        ("/positions/{address}/historical", format!("/positions/{position}/historical?event_type=add")),
        ("/positions/{address}/historical", format!("/positions/{}/historical", text(&s["unknown_pool"]))),
        ("/positions/{pool_address}/pnl", format!("/positions/{pool}/pnl?user={wallet}")),
        (
            "/positions/{pool_address}/pnl",
            format!("/positions/{open_pool}/pnl?user={wallet}&status=open&page_size=100"),
        ),
        (
            "/positions/{pool_address}/pnl",
            format!("/positions/{pool}/pnl?user={wallet}&status=closed&page=2&page_size=1"),
        ),
        ("/portfolio", format!("/portfolio?user={wallet}")),
        ("/portfolio", format!("/portfolio?user={wallet}&days_back=365&page_size=50")),
        ("/portfolio/open", format!("/portfolio/open?user={wallet}")),
        ("/portfolio/open", format!("/portfolio/open?user={wallet}&sort_by=fee_per_tvl24h&sort_direction=asc")),
        ("/portfolio/total", format!("/portfolio/total?user={wallet}")),
        ("/portfolio/total", format!("/portfolio/total?user={}", text(&s["wallet_without_positions"]))),
        ("/wallets/{wallet}/pools/{pool_address}/total_claims", format!("/wallets/{wallet}/pools/{pool}/total_claims")),
        (
            "/wallets/{wallet}/pools/{pool_address}/total_claims",
            format!("/wallets/{}/pools/{pool}/total_claims", text(&s["wallet_without_positions"])),
        ),
    ];
    let lo = &s["wallet_with_limit_orders"];
    let (lo_wallet, lo_open, lo_closed) = (text(&lo["wallet"]), text(&lo["open_pool"]), text(&lo["closed_pool"]));
    let lo_cases: Vec<(&str, String)> = vec![
        ("/wallets/{wallet}/limit_orders/open/pools", format!("/wallets/{lo_wallet}/limit_orders/open/pools")),
        (
            "/wallets/{wallet}/limit_orders/open/pools",
            format!("/wallets/{lo_wallet}/limit_orders/open/pools?page=1&page_size=1000"),
        ),
        ("/wallets/{wallet}/limit_orders/closed/pools", format!("/wallets/{lo_wallet}/limit_orders/closed/pools")),
        (
            "/wallets/{wallet}/limit_orders/open/pools/{pool_address}",
            format!("/wallets/{lo_wallet}/limit_orders/open/pools/{lo_open}"),
        ),
        (
            "/wallets/{wallet}/limit_orders/closed/pools/{pool_address}",
            format!("/wallets/{lo_wallet}/limit_orders/closed/pools/{lo_closed}?page_size=1"),
        ),
        (
            "/wallets/{wallet}/limit_orders/pools/{pool_address}/bonus_claimed",
            format!("/wallets/{lo_wallet}/limit_orders/pools/{lo_open}/bonus_claimed"),
        ),
        ("/wallets/{wallet}/limit_orders/summary", format!("/wallets/{lo_wallet}/limit_orders/summary")),
        ("/wallets/{wallet}/limit_orders/summary", format!("/wallets/{wallet}/limit_orders/summary")),
    ];
    for (path, route) in cases.iter().chain(&lo_cases) {
        let url = format!("{dlmm}{route}");
        let body = get_ok(&client, &url).await;
        check_strict(dlmm_contract.spec(path), path, &url, &body);
    }

    // The live-only daily statistics, in every view and over ranges of every kind.
    for metric in ["volume", "trading_fees", "protocol_fees"] {
        let path = format!("/stats/daily/{metric}");
        for mix in [
            vec![],
            vec![("view", "gross".to_owned())],
            vec![("view", "both".to_owned()), ("start_time", "1755000000".to_owned())],
            vec![("view", "clean".to_owned()), ("start_time", "0".to_owned()), ("end_time", "1755000000".to_owned())],
            vec![("start_time", "1763683200".to_owned()), ("end_time", "1763683200".to_owned())],
            vec![("start_time", "1900000000".to_owned())],
        ] {
            let url = with_params(&dlmm, &path, &mix);
            let body = get_ok(&client, &url).await;
            check_strict(dlmm_contract.spec(&path), &path, &url, &body);
            let view = mix.iter().find(|(k, _)| *k == "view").map_or("clean", |(_, v)| v.as_str());
            for point in body["data_points"].as_array().unwrap() {
                assert_eq!(point.get("clean").is_some(), view != "gross", "{url}: {point}");
                assert_eq!(point.get("gross").is_some(), view != "clean", "{url}: {point}");
            }
        }
        let (status, _) = get(&client, &format!("{damm}{path}")).await;
        assert_eq!(status, 404, "the DAMM v2 replica does not serve {path}");
    }
    let events = get_ok(&client, &events_url).await;
    let kinds: std::collections::HashSet<&str> =
        events["events"].as_array().unwrap().iter().map(|e| e["eventType"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["add", "remove", "claim_fee", "claim_reward"].into());
    let portfolio = get_ok(&client, &format!("{dlmm}/portfolio?user={wallet}&days_back=365")).await;
    assert!(!portfolio["pools"].as_array().unwrap().is_empty());
    let open = get_ok(&client, &format!("{dlmm}/portfolio/open?user={wallet}")).await;
    assert!(!open["pools"].as_array().unwrap().is_empty());
    let summary = get_ok(&client, &format!("{dlmm}/wallets/{lo_wallet}/limit_orders/summary")).await;
    assert!(summary["open_orders"].as_u64().unwrap() >= 1 && summary["closed_orders"].as_u64().unwrap() >= 1);
    replica.shutdown().await.unwrap();
}

async fn get_text(client: &reqwest::Client, url: &str) -> (u16, String, String) {
    let response = client.get(url).send().await.unwrap_or_else(|e| panic!("GET {url}: {e}"));
    let status = response.status().as_u16();
    let kind = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    (status, kind, response.text().await.expect("a body"))
}

/// By default the DLMM service answers its group routes as the live host is reported to (which its July 2026 spec no
/// longer lists): `/pools/groups` as a malformed pool address, `/pools/groups/{mints}` as an unknown route. With
/// `serve_groups` (the May docs), an unknown pair is an empty list. The DAMM v2 service serves its groups either way.
#[tokio::test]
async fn dlmm_group_routes_are_answered_as_the_live_host_by_default_and_as_documented_on_request() {
    let replica = Replica::start(ReplicaConfig::default()).await.expect("replica starts");
    let (dlmm, damm) = (replica.dlmm_datapi_base_url(), replica.damm_v2_datapi_base_url());
    let client = reqwest::Client::new();
    let samples = get_ok(&client, &format!("{dlmm}/__replica/samples")).await;
    let key = samples["datapi"]["dlmm_group"].as_str().unwrap();
    let (status, kind, body) = get_text(&client, &format!("{dlmm}/pools/groups?page_size=10")).await;
    assert_eq!((status, kind.starts_with("text/plain")), (400, true), "{body}");
    assert!(body.contains("invalid_pubkey") && body.contains("\"groups\""), "{body}");
    let (status, body) = get(&client, &format!("{dlmm}/pools/groups/{key}")).await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(get(&client, &format!("{damm}/pools/groups")).await.0, 200, "DAMM v2 serves its groups");
    replica.shutdown().await.unwrap();

    let replica = Replica::start(ReplicaConfig { serve_groups: true, ..ReplicaConfig::default() }).await.unwrap();
    let dlmm = replica.dlmm_datapi_base_url();
    assert_eq!(get(&client, &format!("{dlmm}/pools/groups")).await.0, 200);
    assert!(get_ok(&client, &format!("{dlmm}/pools/groups/{key}")).await["total"].as_u64().unwrap() >= 2);
    let samples = get_ok(&client, &format!("{dlmm}/__replica/samples")).await;
    let mut mints = [samples["datapi"]["unknown_pool"].as_str().unwrap(), samples["mints"]["SOL"].as_str().unwrap()];
    mints.sort_unstable();
    let none = get_ok(&client, &format!("{dlmm}/pools/groups/{}-{}", mints[0], mints[1])).await;
    assert_eq!((none["total"].as_u64(), none["data"].as_array().map(Vec::len)), (Some(0), Some(0)));
    replica.shutdown().await.unwrap();
}

/// Bad values answer 400 with a plain-text body; unknown pools 404 with `{"message": "Pool not found: …"}`.
#[tokio::test]
async fn datapi_errors_are_plain_text_400s_and_json_404s() {
    let config = ReplicaConfig { serve_groups: true, ..ReplicaConfig::default() };
    let replica = Replica::start(config).await.expect("replica starts");
    let (dlmm, damm) = (replica.dlmm_datapi_base_url(), replica.damm_v2_datapi_base_url());
    let client = reqwest::Client::new();
    let samples = get_ok(&client, &format!("{dlmm}/__replica/samples")).await;
    let s = &samples["datapi"];
    let pool = s["dlmm_pools"][0].as_str().unwrap();
    let damm_pool = s["damm_v2_pools"][0].as_str().unwrap();
    let wallet = s["wallet_with_positions"]["wallet"].as_str().unwrap();
    let lo_wallet = s["wallet_with_limit_orders"]["wallet"].as_str().unwrap();
    let bad: Vec<String> = vec![
        format!("{dlmm}/pools?page=0"),
        format!("{dlmm}/pools?page=x"),
        format!("{dlmm}/pools?page_size=1001"),
        format!("{dlmm}/pools?page_size=0"),
        format!("{dlmm}/pools?sort_by=volume_7d:desc"),
        format!("{dlmm}/pools?sort_by=tvl"),
        format!("{dlmm}/pools?filter_by=tvl%3E%3E1"),
        format!("{dlmm}/pools?filter_by=tvl%3E1%20%7C%7C%20tvl%3C0"),
        format!("{dlmm}/pools?filter_by=price%3E1"),
        format!("{damm}/pools?filter_by=is_blacklisted%3Dmaybe"),
        format!("{dlmm}/pools/groups?page_size=101"),
        format!("{damm}/pools/groups?volume_tw=volume_7d"),
        format!("{dlmm}/pools/groups/abc-def"),
        format!("{dlmm}/pools/not-an-address"),
        format!("{dlmm}/pools/{pool}/ohlcv?timeframe=7d"),
        format!("{dlmm}/pools/{pool}/ohlcv?start_time=-5"),
        format!("{dlmm}/pools/{pool}/ohlcv?timeframe=5m&start_time=0&end_time=300000"),
        format!("{damm}/pools/{damm_pool}/volume/history?timeframe=24h&start_time=0&end_time=86400000"),
        format!("{damm}/pools/{damm_pool}/volume/history?start_time=200000&end_time=100000"),
        format!("{dlmm}/portfolio"),
        format!("{dlmm}/portfolio?user=xyz"),
        format!("{dlmm}/portfolio?user={wallet}&page_size=51"),
        format!("{dlmm}/portfolio?user={wallet}&days_back=366"),
        format!("{dlmm}/portfolio/open?user={wallet}&sort_by=price"),
        format!("{dlmm}/positions/{pool}/pnl?user={wallet}&page_size=101"),
        format!("{dlmm}/positions/{pool}/pnl?user={wallet}&status=gone"),
        format!("{dlmm}/positions/{pool}/historical?event_type=swap"),
        format!("{dlmm}/wallets/{lo_wallet}/limit_orders/open/pools?page_size=1001"),
        format!("{dlmm}/wallets/bad/limit_orders/summary"),
    ];
    for url in &bad {
        let (status, kind, body) = get_text(&client, url).await;
        assert_eq!(status, 400, "{url}: {body}");
        assert!(kind.starts_with("text/plain"), "{url}: {kind}");
        assert!(serde_json::from_str::<Value>(&body).is_err() && !body.is_empty(), "{url}: {body}");
    }
    let unknown = s["unknown_pool"].as_str().unwrap();
    for url in [
        format!("{dlmm}/pools/{unknown}"),
        format!("{damm}/pools/{unknown}"),
        format!("{dlmm}/pools/{unknown}/ohlcv"),
        format!("{damm}/pools/{unknown}/volume/history"),
        format!("{dlmm}/wallets/{wallet}/pools/{unknown}/total_claims"),
    ] {
        let (status, body) = get(&client, &url).await;
        assert_eq!(status, 404, "{url}");
        assert_eq!(body, json!({ "message": format!("Pool not found: {unknown}") }), "{url}");
    }
    // A DAMM v2 pool is not a DLMM pool, and the DAMM v2 service has no wallet routes.
    assert_eq!(get(&client, &format!("{dlmm}/pools/{damm_pool}")).await.0, 404);
    assert_eq!(get(&client, &format!("{damm}/portfolio?user={wallet}")).await.0, 404);
    // Pages past the end are empty, however large.
    for url in [
        format!("{dlmm}/pools?page=18446744073709551615&page_size=1000"),
        format!("{damm}/pools/groups?page=18446744073709551615&page_size=100"),
        format!("{dlmm}/portfolio?user={wallet}&page=18446744073709551615&page_size=50"),
        format!("{dlmm}/positions/{pool}/pnl?user={wallet}&page=18446744073709551615"),
        format!("{dlmm}/wallets/{lo_wallet}/limit_orders/open/pools?page=18446744073709551615&page_size=1000"),
    ] {
        let (status, body) = get(&client, &url).await;
        assert_eq!(status, 200, "{url}: {body}");
        let items = body.get("data").or(body.get("pools")).or(body.get("positions")).unwrap();
        assert_eq!(items, &json!([]), "{url}");
    }
    // Unknown parameters are ignored.
    let plain = get_ok(&client, &format!("{dlmm}/pools?page_size=5")).await;
    let keeper_style = get_ok(&client, &format!("{dlmm}/pools?page_size=5&sort_key=tvl&order_by=asc&limit=1")).await;
    assert_eq!(plain, keeper_style);
    replica.shutdown().await.unwrap();
}

fn keys(value: &Value) -> Vec<String> {
    let mut keys: Vec<String> = value.as_object().expect("an object").keys().cloned().collect();
    keys.sort_unstable();
    keys
}

/// The replica's DLMM datapi bodies have the shapes of the real captured ones: the same keys at every level.
#[tokio::test]
async fn datapi_bodies_have_the_real_shapes() {
    let (Some(pool), Some(page), Some(ohlcv), Some(volume)) = (
        shared_json("real", "datapi-pool.json"),
        shared_json("real", "datapi-pools-page.json"),
        shared_json("real", "datapi-pool-ohlcv-24h.json"),
        shared_json("real", "datapi-pool-volume-history-24h.json"),
    ) else {
        return;
    };
    let replica = Replica::start(ReplicaConfig::default()).await.expect("replica starts");
    let dlmm = replica.dlmm_datapi_base_url();
    let client = reqwest::Client::new();
    let ours = get_ok(&client, &format!("{dlmm}/pools?page_size=10")).await;
    assert_eq!(keys(&ours), keys(&page));
    let record = &ours["data"][0];
    assert_eq!(keys(record), keys(&pool));
    for nested in ["token_x", "token_y", "pool_config", "volume", "fees", "protocol_fees", "fee_tvl_ratio"] {
        assert_eq!(keys(&record[nested]), keys(&pool[nested]), "{nested}");
    }
    assert_eq!(keys(&record["cumulative_metrics"]), keys(&pool["cumulative_metrics"]));
    assert_eq!(record["launchpad"].is_string(), pool["launchpad"].is_string());
    let address = record["address"].as_str().unwrap();
    for (route, real) in [("ohlcv", &ohlcv), ("volume/history", &volume)] {
        let url = format!("{dlmm}/pools/{address}/{route}?timeframe=24h&start_time=1755000000&end_time=1756100000");
        let body = get_ok(&client, &url).await;
        assert_eq!(keys(&body), keys(real), "{route}");
        assert_eq!(keys(&body["data"][0]), keys(&real["data"][0]), "{route}");
        // The same request is floored the same way.
        assert_eq!((&body["start_time"], &body["end_time"]), (&real["start_time"], &real["end_time"]), "{route}");
        assert_eq!(body["data"][0]["timestamp_str"], real["data"][0]["timestamp_str"]);
    }
    replica.shutdown().await.unwrap();
}
