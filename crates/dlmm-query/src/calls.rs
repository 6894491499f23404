//! One `Client` method per API operation, named after the operation. Each sends its builder and returns its model.

use crate::client::Client;
use crate::error::Error;
use crate::models::PoolMetrics;
use crate::ops::GetPoolMetrics;
use crate::transport::Transport;

impl<T: Transport> Client<T> {
    /// `GET /pools/{address}/metrics`: a pool's fee, volume and TVL metrics (the envelope's `data`).
    pub async fn get_pool_metrics(&self, operation: GetPoolMetrics) -> Result<PoolMetrics, Error> {
        self.send(&operation).await
    }
}
