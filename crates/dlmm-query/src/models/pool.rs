//! The pool group: the `{data, error, status}` envelope and the 20-field pool metrics record.

use crate::shape::{Field, HasShape, Missing, Shape, StructShape};
use crate::slot::{FromSlot, Slot, field};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::wire;

/// The pool group's response wrapper. On success the replica (and the vendor) omit `error`; on failure `data` is null.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct PoolEnvelope<T> {
    /// The payload, absent or null on failure.
    #[serde(default = "Option::default")]
    pub data: Option<T>,
    /// The error, absent or null on success.
    #[serde(default)]
    pub error: Option<ApiError>,
    /// The HTTP status the server meant, echoed in the body.
    #[serde(default)]
    pub status: Option<i64>,
}

/// The envelope's shape, written out (the derive has no table form for `default = "Option::default"`, which keeps
/// serde from asking `T: Default`): three optional members, each `None` when missing, even in an array.
impl<T: HasShape> HasShape for PoolEnvelope<T> {
    const SHAPE: Shape = Shape::Struct(&StructShape {
        name: "PoolEnvelope",
        fields: &[
            Field {
                wire: "data",
                shape: &<Option<T> as HasShape>::SHAPE,
                missing: Missing::Default,
                skip_none: false,
                default_attr: true,
            },
            Field {
                wire: "error",
                shape: &<Option<ApiError> as HasShape>::SHAPE,
                missing: Missing::Default,
                skip_none: false,
                default_attr: true,
            },
            Field {
                wire: "status",
                shape: &<Option<i64> as HasShape>::SHAPE,
                missing: Missing::Default,
                skip_none: false,
                default_attr: true,
            },
        ],
    });
}

impl<T: FromSlot> FromSlot for PoolEnvelope<T> {
    fn from_slot(slot: Slot) -> Self {
        let mut fields = slot.into_fields();
        Self { data: field(&mut fields), error: field(&mut fields), status: field(&mut fields) }
    }
}

/// Fee, volume and TVL figures of one pool over 24 hours, 7 days and 30 days (`GET /pools/{address}/metrics`).
///
/// All money figures are in USD. `apr` and `fee_tvl_ratio` are percents (`1.5` means 1.5 %).
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct PoolMetrics {
    /// The pool's address.
    pub pool_address: String,
    /// Trading volume over the last 24 hours, USD.
    pub volume24h: f64,
    /// Fees paid to liquidity providers over 24 hours, USD.
    pub lp_fee24h: f64,
    /// Protocol fees over 24 hours, USD.
    pub protocol_fee24h: f64,
    /// Partner fees over 24 hours, USD.
    pub partner_fee24h: f64,
    /// Referral fees over 24 hours, USD.
    pub referral_fee24h: f64,
    /// Trading volume over the last 7 days, USD.
    pub volume7d: f64,
    /// LP fees over 7 days, USD.
    pub lp_fee7d: f64,
    /// Protocol fees over 7 days, USD.
    pub protocol_fee7d: f64,
    /// Partner fees over 7 days, USD.
    pub partner_fee7d: f64,
    /// Referral fees over 7 days, USD.
    pub referral_fee7d: f64,
    /// Total value locked now, USD.
    pub tvl: f64,
    /// Trading volume over the last 30 days, USD.
    pub volume30d: f64,
    /// LP fees over 30 days, USD.
    pub lp_fee30d: f64,
    /// Protocol fees over 30 days, USD.
    pub protocol_fee30d: f64,
    /// Partner fees over 30 days, USD.
    pub partner_fee30d: f64,
    /// Referral fees over 30 days, USD.
    pub referral_fee30d: f64,
    /// Yearly rate implied by the fees, percent.
    pub apr: f64,
    /// 24 h LP fees divided by TVL, percent.
    pub fee_tvl_ratio: f64,
    /// When the figures were computed, unix seconds.
    pub updated_at: i64,
}

impl PoolMetrics {
    /// All fees of the last 24 hours (LP + protocol + partner + referral), USD.
    pub fn total_fee24h(&self) -> f64 {
        self.lp_fee24h + self.protocol_fee24h + self.partner_fee24h + self.referral_fee24h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &str = r#"{"status":200,"data":{"pool_address":"7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte",
        "volume24h":1000.5,"lp_fee24h":"2.5","protocol_fee24h":0.5,"partner_fee24h":0,"referral_fee24h":0,
        "volume7d":7000,"lp_fee7d":17.5,"protocol_fee7d":3.5,"partner_fee7d":0,"referral_fee7d":0,
        "tvl":"50000","volume30d":30000,"lp_fee30d":75,"protocol_fee30d":15,"partner_fee30d":0,
        "referral_fee30d":0,"apr":1.825,"fee_tvl_ratio":0.005,"updated_at":"1763683200","extra":[1,2]}}"#;

    #[test]
    fn decodes_the_envelope_with_strings_numbers_and_extra_fields() {
        let env: PoolEnvelope<PoolMetrics> = serde_json::from_str(BODY).unwrap();
        assert_eq!(env.status, Some(200));
        assert!(env.error.is_none());
        let m = env.data.unwrap();
        assert_eq!(m.lp_fee24h, 2.5);
        assert_eq!(m.tvl, 50_000.0);
        assert_eq!(m.updated_at, 1_763_683_200);
        assert_eq!(m.total_fee24h(), 3.0);
    }

    #[test]
    fn decodes_an_error_envelope() {
        let env: PoolEnvelope<PoolMetrics> = serde_json::from_str(
            r#"{"data":null,"error":{"message":"Pool not found","type":"NotFound"},"status":404}"#,
        )
        .unwrap();
        assert!(env.data.is_none());
        assert_eq!(env.error.unwrap().error_type, "NotFound");
        let env: PoolEnvelope<PoolMetrics> = serde_json::from_str(r#"{"error":null}"#).unwrap();
        assert!(env.data.is_none() && env.error.is_none());
    }

    #[test]
    fn serializes_camel_case_for_javascript() {
        let env: PoolEnvelope<PoolMetrics> = serde_json::from_str(BODY).unwrap();
        let js = serde_json::to_value(env.data.unwrap()).unwrap();
        assert_eq!(js["poolAddress"], "7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte");
        assert_eq!(js["lpFee24h"], 2.5);
        assert_eq!(js["feeTvlRatio"], 0.005);
        assert_eq!(js["updatedAt"], 1_763_683_200);
        assert_eq!(js.as_object().unwrap().len(), 20);
    }
}
