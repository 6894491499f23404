//! Conformance: every route of the pair group and the pool metrics route, under several parameter mixes, is
//! validated against the response schemas of the vendor's OpenAPI files (read from `<repo>/../shared/openapi/`;
//! the test skips when that folder is absent).

use std::path::PathBuf;

use dlmm_replica::{Replica, ReplicaConfig};
use serde_json::{Map, Value, json};

fn spec_path(file: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/openapi/")).join(file)
}

fn load_spec(file: &str) -> Option<Value> {
    let path = spec_path(file);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(serde_json::from_str(&text).expect("the spec is JSON")),
        Err(_) => {
            eprintln!("skipping: {} not found", path.display());
            None
        }
    }
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

    fn validator(&self, path: &str, status: &str) -> jsonschema::Validator {
        let schema =
            self.doc["paths"][path]["get"]["responses"][status]["content"]["application/json"]["schema"].clone();
        assert!(!schema.is_null(), "no schema for {path} {status}");
        let mut root = Map::new();
        root.insert("$schema".into(), json!("https://json-schema.org/draft/2020-12/schema"));
        if let Value::Object(fields) = schema {
            root.extend(fields);
        }
        root.insert("components".into(), self.doc["components"].clone());
        jsonschema::validator_for(&Value::Object(root)).expect("the schema compiles")
    }

    fn check(&self, path: &str, status: &str, url: &str, body: &Value) {
        let validator = self.validator(path, status);
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
    let validator = pair_spec.validator("/pair/{pair_address}", "200");
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
    for field in [
        "base_fee_percentage",
        "max_fee_percentage",
        "protocol_fee_percentage",
        "liquidity",
        "cumulative_trade_volume",
        "cumulative_fee_volume",
    ] {
        assert!(pair[field].is_string(), "{field}");
    }
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
    ];
    expected.sort_unstable();
    assert_eq!(keys, expected);
    assert!(samples["pairs"].as_array().unwrap().len() >= 8);
    assert!(samples.as_object().unwrap().values().all(|v| !v.is_null()), "{samples}");
    assert_eq!(samples["mints"]["SOL"], "So11111111111111111111111111111111111111112");
    replica.shutdown().await.unwrap();
}
