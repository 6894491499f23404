//! The native client against the real replica over HTTP on loopback.

use dlmm_query::ops::GetPoolMetrics;
use dlmm_query::{Client, ClientConfig, ErrorKind, NativeTransport};
use dlmm_replica::Replica;

async fn start() -> (Replica, Client<NativeTransport>) {
    let env = crate::common::on_replica::start(Replica::pool_base_url).await;
    (env.replica, env.client)
}

#[tokio::test]
async fn fetches_every_pool_exactly_as_served() {
    let (replica, client) = start().await;
    let raw = crate::common::on_replica::raw(&format!(
        "{}/pools/{}/metrics",
        replica.pool_base_url(),
        replica.dataset().pools[0].pool_address
    ))
    .await;
    for pool in &replica.dataset().pools {
        let m = client.get_pool_metrics(GetPoolMetrics::new(&pool.pool_address)).await.unwrap();
        assert_eq!(m.pool_address, pool.pool_address);
        assert_eq!((m.tvl, m.volume24h, m.lp_fee30d, m.apr), (pool.tvl, pool.volume24h, pool.lp_fee30d, pool.apr));
        assert_eq!((m.fee_tvl_ratio, m.updated_at), (pool.fee_tvl_ratio, pool.updated_at));
    }
    // The wire body has all 20 spec fields, and the model read each of them.
    let first = client.get_pool_metrics(GetPoolMetrics::new(&replica.dataset().pools[0].pool_address)).await.unwrap();
    let data = &raw["data"];
    assert_eq!(data.as_object().unwrap().len(), 20);
    assert_eq!(data["referral_fee7d"].as_f64().unwrap(), first.referral_fee7d);
    assert_eq!(data["partner_fee24h"].as_f64().unwrap(), first.partner_fee24h);
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn case_insensitive_lookup_and_not_found() {
    let (replica, client) = start().await;
    let address = replica.dataset().pools[2].pool_address.clone();
    let lower = address.to_lowercase();
    let m = client.get_pool_metrics(GetPoolMetrics::new(&lower).case_sensitive(false)).await.unwrap();
    assert_eq!(m.pool_address, address);

    let err = client.get_pool_metrics(GetPoolMetrics::new("11111111111111111111111111111111")).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotFound);
    assert_eq!(err.status(), Some(404));
    assert!(err.to_string().contains("not found"), "{err}");
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_unreachable_server_is_a_network_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    let base = format!("http://127.0.0.1:{port}");
    let client = Client::new(NativeTransport::new(), ClientConfig::with_base_urls(&base, &base).unwrap());
    let err = client.get_pool_metrics(GetPoolMetrics::new("11111111111111111111111111111111")).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Network);
}
