fn main() {
    let body = std::fs::read("/tmp/pairs.json").unwrap();
    let which = std::env::args().nth(1).unwrap_or_default();
    for _ in 0..5 {
        let t = std::time::Instant::now();
        let n = if which == "serde" {
            dlmm_query::decode::json::<Vec<dlmm_query::models::PairInfo>>(&body, "u", 200).unwrap().len()
        } else {
            dlmm_query::decode::by_shape::<Vec<dlmm_query::models::PairInfo>>(&body, "u", 200).unwrap().len()
        };
        eprintln!("{which} {n} {:?}", t.elapsed());
    }
}
