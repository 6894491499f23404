//! The portfolio service's routes: `/performances/{wallet}`, `/balances/{wallet}` and `/chart/calendar/{wallet}`
//! (base URL [`ClientConfig::portfolio_datapi_base_url`](crate::ClientConfig)). The service is undocumented: these
//! are the routes and parameters the public clients that read it send.

use serde::Serialize;

use crate::address::Address;
use crate::datapi::models::portfolio::{Balances, Calendar, Performance};
use crate::datapi::month::Month;
use crate::datapi::params::TimeRange;
use crate::error::InvalidInput;
use crate::ops::Operation;
use crate::request::{ApiGroup, Request};

/// `GET /performances/{wallet}`: a wallet's performance over a time window (`time_range`; the service's own default
/// when unset). Like the other routes here, a wallet the service does not know is `notFound`.
///
/// ```
/// use dlmm_query::datapi::ops::portfolio::GetPerformance;
/// use dlmm_query::datapi::params::TimeRange;
/// use dlmm_query::ops::Operation;
/// let wallet = "So11111111111111111111111111111111111111112";
/// let r = GetPerformance::new(wallet).time_range(TimeRange::D30).request().unwrap();
/// assert_eq!((r.path, r.query), (format!("/performances/{wallet}"), "time_range=30d".to_owned()));
/// assert_eq!(GetPerformance::new("nope").request().unwrap_err().parameter, "wallet");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GetPerformance {
    wallet: String,
    time_range: Option<TimeRange>,
}

impl GetPerformance {
    /// For `wallet` (validated on request).
    pub fn new(wallet: impl Into<String>) -> Self {
        Self { wallet: wallet.into(), time_range: None }
    }

    /// The window the figures cover.
    pub fn time_range(mut self, time_range: TimeRange) -> Self {
        self.time_range = Some(time_range);
        self
    }
}

#[derive(Serialize)]
struct PerformanceWire {
    time_range: Option<TimeRange>,
}

impl Operation for GetPerformance {
    type Output = Performance;
    const GROUP: ApiGroup = ApiGroup::PortfolioDatapi;

    fn request(&self) -> Result<Request, InvalidInput> {
        let wallet = Address::parse_param("wallet", &self.wallet)?;
        Request::new(Self::GROUP, &["performances", wallet.as_str()], &PerformanceWire { time_range: self.time_range })
    }
}

/// `GET /balances/{wallet}`: what a wallet holds now across the vendor's protocols.
///
/// ```
/// use dlmm_query::datapi::ops::portfolio::GetBalances;
/// use dlmm_query::ops::Operation;
/// let wallet = "So11111111111111111111111111111111111111112";
/// assert_eq!(GetBalances::new(wallet).request().unwrap().path, format!("/balances/{wallet}"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GetBalances {
    wallet: String,
}

impl GetBalances {
    /// For `wallet` (validated on request).
    pub fn new(wallet: impl Into<String>) -> Self {
        Self { wallet: wallet.into() }
    }
}

impl Operation for GetBalances {
    type Output = Balances;
    const GROUP: ApiGroup = ApiGroup::PortfolioDatapi;

    fn request(&self) -> Result<Request, InvalidInput> {
        let wallet = Address::parse_param("wallet", &self.wallet)?;
        Request::new(Self::GROUP, &["balances", wallet.as_str()], &crate::datapi::ops::NoQuery {})
    }
}

/// `GET /chart/calendar/{wallet}`: a wallet's profit and loss per UTC day of one month (`month`; the service's
/// current month when unset), or of a range of months, which [`Client::portfolio_calendar`] fetches month by month
/// and merges (one request answers one month: [`request`](Operation::request) refuses a range).
///
/// ```
/// use dlmm_query::datapi::month::Month;
/// use dlmm_query::datapi::ops::portfolio::GetCalendar;
/// use dlmm_query::ops::Operation;
/// let wallet = "So11111111111111111111111111111111111111112";
/// let july = Month::new(2026, 7).unwrap();
/// let r = GetCalendar::new(wallet).month(july).request().unwrap();
/// assert_eq!((r.path, r.query), (format!("/chart/calendar/{wallet}"), "month=2026-07".to_owned()));
/// assert_eq!(GetCalendar::new(wallet).request().unwrap().query, "");
/// let range = GetCalendar::new(wallet).months(Month::new(2026, 5).unwrap(), july);
/// assert_eq!(range.request().unwrap_err().parameter, "to_month");
/// ```
///
/// [`Client::portfolio_calendar`]: crate::Client::portfolio_calendar
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GetCalendar {
    wallet: String,
    months: Option<(Month, Month)>,
}

impl GetCalendar {
    /// For `wallet` (validated on request).
    pub fn new(wallet: impl Into<String>) -> Self {
        Self { wallet: wallet.into(), months: None }
    }

    /// The month whose days are asked for.
    pub fn month(self, month: Month) -> Self {
        self.months(month, month)
    }

    /// The months from `from` to `to`, both included (checked when planned: in order, at most
    /// [`MAX_MONTHS`](crate::datapi::month::MAX_MONTHS)).
    pub fn months(mut self, from: Month, to: Month) -> Self {
        self.months = Some((from, to));
        self
    }

    /// The wallet, as given.
    pub fn wallet(&self) -> &str {
        &self.wallet
    }

    /// The months asked for, if any.
    pub fn month_range(&self) -> Option<(Month, Month)> {
        self.months
    }
}

#[derive(Serialize)]
struct CalendarWire {
    month: Option<Month>,
}

impl Operation for GetCalendar {
    type Output = Calendar;
    const GROUP: ApiGroup = ApiGroup::PortfolioDatapi;

    fn request(&self) -> Result<Request, InvalidInput> {
        let wallet = Address::parse_param("wallet", &self.wallet)?;
        let month = match self.months {
            None => None,
            Some((from, to)) if from == to => Some(from),
            Some(_) => {
                let why = "is a later month: one request answers one month (a range: Client::portfolio_calendar)";
                return Err(InvalidInput::new("to_month", why));
            }
        };
        Request::new(Self::GROUP, &["chart", "calendar", wallet.as_str()], &CalendarWire { month })
    }
}
