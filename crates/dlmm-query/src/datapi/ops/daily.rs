//! The protocol's daily statistics (`/stats/daily/volume`, `/stats/daily/trading_fees`,
//! `/stats/daily/protocol_fees`): routes the live DLMM service serves though its May 2026 docs do not list them.
//! Declared once by [`daily_routes!`] for both services; a host without them answers 404, which these routes report
//! as [`ErrorKind::NotServed`](crate::ErrorKind::NotServed) ([`Missing::Route`](crate::request::Missing::Route)).

/// One daily statistics route in a `daily_routes!` expansion: the builder `$name` of `/stats/daily/<$leaf>`,
/// answering [`DailyMetrics`](crate::datapi::models::DailyMetrics).
macro_rules! daily_route {
    ($service:literal, $group:expr, $name:ident, $leaf:literal, $what:literal) => {
        #[doc = concat!("`GET /stats/daily/", $leaf, "` on the ", $service, ": ", $what, " per UTC day (USD), oldest first.")]
        ///
        /// Without a range, the service's whole history; a range with both ends is fetched in chunks by
        /// [`Client::datapi_series`](crate::Client::datapi_series). `view` picks the figures each day carries.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name {
            series: $crate::datapi::ops::SeriesQuery,
        }

        impl $name {
            /// The whole history, in the `clean` view (the datapi's defaults).
            pub fn new() -> Self {
                Self::default()
            }

            range_setters!();

            /// Which figures each day carries (`view`: `clean`, the datapi's default, `gross` or `both`).
            pub fn view(mut self, view: $crate::datapi::params::DailyView) -> Self {
                self.series = self.series.view(view);
                self
            }

            /// The route's path.
            const LEAF: &'static [&'static str] = &["stats", "daily", $leaf];

            /// The service and the path (no pool): with [`Self::series`], this request as plain data, for the code
            /// every series shares.
            pub(crate) fn route_parts(
                &self,
            ) -> ($crate::request::ApiGroup, &'static [&'static str], Option<&str>) {
                ($group, Self::LEAF, None)
            }
        }

        impl $crate::ops::Operation for $name {
            type Output = $crate::datapi::models::DailyMetrics;
            const GROUP: $crate::request::ApiGroup = $group;
            const MISSING: $crate::request::Missing = $crate::request::Missing::Route;

            fn request(&self) -> Result<$crate::request::Request, $crate::error::InvalidInput> {
                $crate::datapi::ops::series_request($group, None, Self::LEAF, &self.series)
            }
        }
    };
}

/// Declares the three daily statistics routes for one service: `$service` names it in docs, `$group` is its
/// [`ApiGroup`](crate::request::ApiGroup).
macro_rules! daily_routes {
    ($service:literal, $group:expr) => {
        daily_route!($service, $group, GetDailyVolume, "volume", "trading volume (the value swapped in)");
        daily_route!($service, $group, GetDailyTradingFees, "trading_fees", "the fees swappers paid");
        daily_route!($service, $group, GetDailyProtocolFees, "protocol_fees", "the protocol's share of the fees");
    };
}
