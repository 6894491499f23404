//! `GET /pools/{address}/metrics` on the pool group.

use serde::Serialize;

use super::Operation;
use crate::address::Address;
use crate::error::InvalidInput;
use crate::models::PoolMetrics;
use crate::request::{ApiGroup, Request};

/// Fetches a pool's 24 h / 7 d / 30 d fee, volume and TVL metrics.
///
/// ```
/// use dlmm_query::ops::{GetPoolMetrics, Operation};
/// let op = GetPoolMetrics::new("7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte").case_sensitive(false);
/// let request = op.request().unwrap();
/// assert_eq!(request.path, "/pools/7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte/metrics");
/// assert_eq!(request.query, "case_sensitive=false");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GetPoolMetrics {
    #[serde(skip)]
    address: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    case_sensitive: Option<bool>,
}

impl GetPoolMetrics {
    /// Metrics of the pool at `address` (validated when the request is built).
    pub fn new(address: impl Into<String>) -> Self {
        Self { address: address.into(), case_sensitive: None }
    }

    /// `true` (the server's default) matches the address exactly; `false` matches it ignoring case.
    pub fn case_sensitive(mut self, case_sensitive: bool) -> Self {
        self.case_sensitive = Some(case_sensitive);
        self
    }
}

impl Operation for GetPoolMetrics {
    type Output = PoolMetrics;
    const GROUP: ApiGroup = ApiGroup::Pool;

    fn request(&self) -> Result<Request, InvalidInput> {
        let address = if self.case_sensitive == Some(false) {
            case_folded_address(&self.address)?
        } else {
            Address::parse_param("address", &self.address)?.to_string()
        };
        Request::new(ApiGroup::Pool, &["pools", &address, "metrics"], self)
    }
}

/// Validates an address typed without regard to case: something that is base58 once its letters' case is fixed.
///
/// Every letter has a base58 form in one case or the other; only the digit `0` never does. The length rule is the
/// same as for a real address (32 to 44 characters).
fn case_folded_address(text: &str) -> Result<String, InvalidInput> {
    let t = text.trim();
    if let Some(bad) = t.chars().find(|c| !c.is_ascii_alphanumeric() || *c == '0') {
        return Err(InvalidInput::new("address", format!("has the character {bad:?}, which is not base58")));
    }
    if !(32..=44).contains(&t.len()) {
        return Err(InvalidInput::new(
            "address",
            format!("is {} characters long; a base58 address has 32 to 44", t.len()),
        ));
    }
    Ok(t.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    const POOL: &str = "7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte";

    #[test]
    fn builds_the_request() {
        let r = GetPoolMetrics::new(POOL).request().unwrap();
        assert_eq!(
            (r.group, r.path.as_str(), r.query.as_str()),
            (ApiGroup::Pool, &*format!("/pools/{POOL}/metrics"), "")
        );
        let r = GetPoolMetrics::new(POOL).case_sensitive(true).request().unwrap();
        assert_eq!(r.query, "case_sensitive=true");
    }

    #[test]
    fn case_insensitive_lookups_accept_any_case_but_stay_path_safe() {
        let lower = POOL.to_lowercase();
        assert!(GetPoolMetrics::new(&lower).request().is_err(), "lower-cased is not a real address");
        let r = GetPoolMetrics::new(&lower).case_sensitive(false).request().unwrap();
        assert_eq!(r.path, format!("/pools/{lower}/metrics"));
        for bad in ["../../x", "short", "0000000000000000000000000000000000", "a/b%2e%2e?c#d-----------------------"] {
            let e = GetPoolMetrics::new(bad).case_sensitive(false).request().unwrap_err();
            assert_eq!(e.parameter, "address");
        }
    }

    #[test]
    fn rejects_invalid_addresses_before_sending() {
        let e = GetPoolMetrics::new("not-an-address").request().unwrap_err();
        assert_eq!(e.parameter, "address");
        assert!(e.reason.contains("not base58"), "{}", e.reason);
    }
}
