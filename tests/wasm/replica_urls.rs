//! The replica's base URLs, baked in at build time by `cargo xtask ci` (one function each, named by its variable),
//! and a closed loopback port: shared by the SDK's browser tests and the explorer's component tests (each includes
//! this file).

/// Defines one function per variable, returning its value at build time.
macro_rules! base_urls {
    ($($fn:ident $var:literal;)+) => {$(
        #[doc = concat!("The replica's base URL in `", $var, "` at build time.")]
        pub fn $fn() -> &'static str {
            match option_env!($var) {
                Some(url) => url,
                None => panic!(concat!($var, " must be set at build time (run `cargo xtask ci`)")),
            }
        }
    )+};
}

base_urls! {
    pair_base "DLMM_PAIR_BASE_URL";
    pool_base "DLMM_POOL_BASE_URL";
    dlmm_datapi_base "DLMM_DATAPI_BASE_URL";
    damm_v2_datapi_base "DAMM_V2_DATAPI_BASE_URL";
    portfolio_datapi_base "PORTFOLIO_DATAPI_BASE_URL";
}

/// A closed loopback port: anything sent there fails with a network error.
pub const NOWHERE: &str = "http://127.0.0.1:9";
