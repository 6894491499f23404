//! The DLMM datapi's portfolio and position routes: `/portfolio`, `/portfolio/open`, `/portfolio/total`,
//! `/positions/{address}/historical` and `/positions/{pool_address}/pnl`.

use serde::Serialize;

use crate::address::Address;
use crate::datapi::models::dlmm::{OpenPortfolio, Portfolio, PortfolioTotal, PositionEvents, PositionsPnl};
use crate::datapi::params::{
    self, Direction, MAX_PNL_PAGE_SIZE, MAX_PORTFOLIO_PAGE_SIZE, OpenPortfolioSort, PositionEventType, PositionStatus,
};
use crate::error::InvalidInput;
use crate::ops::Operation;
use crate::request::{ApiGroup, Request};

/// `GET /portfolio`: one page of the pools a wallet has (or recently had) positions in.
///
/// ```
/// use dlmm_query::datapi::ops::dlmm::GetPortfolio;
/// use dlmm_query::ops::Operation;
/// let user = "So11111111111111111111111111111111111111112";
/// let r = GetPortfolio::new(user).page(1).page_size(50).days_back(30).request().unwrap();
/// assert_eq!(r.path, "/portfolio");
/// assert_eq!(r.query, format!("user={user}&page=1&page_size=50&days_back=30"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GetPortfolio {
    user: String,
    page: Option<u32>,
    page_size: Option<u32>,
    days_back: Option<u32>,
}

impl GetPortfolio {
    /// For the wallet `user` (validated on request).
    pub fn new(user: impl Into<String>) -> Self {
        Self { user: user.into(), page: None, page_size: None, days_back: None }
    }

    paging_setters!(50);

    /// Only pools with positions closed within this many days (`days_back`, 1 to 365; the datapi's default is 120).
    /// Applies to closed positions only.
    pub fn days_back(mut self, days_back: u32) -> Self {
        self.days_back = Some(days_back);
        self
    }
}

#[derive(Serialize)]
struct PortfolioWire<'a> {
    user: &'a str,
    page: Option<u32>,
    page_size: Option<u32>,
    days_back: Option<u32>,
}

impl Operation for GetPortfolio {
    type Output = Portfolio;
    const GROUP: ApiGroup = ApiGroup::DlmmDatapi;

    fn request(&self) -> Result<Request, InvalidInput> {
        let user = Address::parse_param("user", &self.user)?;
        let wire = PortfolioWire {
            user: user.as_str(),
            page: params::page(self.page)?,
            page_size: params::page_size(self.page_size, MAX_PORTFOLIO_PAGE_SIZE)?,
            days_back: params::days_back(self.days_back)?,
        };
        Request::new(Self::GROUP, &["portfolio"], &wire)
    }
}

/// `GET /portfolio/open`: one page of the pools where a wallet has open positions.
///
/// ```
/// use dlmm_query::datapi::ops::dlmm::GetOpenPortfolio;
/// use dlmm_query::datapi::params::{Direction, OpenPortfolioSort};
/// use dlmm_query::ops::Operation;
/// let user = "So11111111111111111111111111111111111111112";
/// let r = GetOpenPortfolio::new(user)
///     .sort_by(OpenPortfolioSort::UnclaimedFee)
///     .sort_direction(Direction::Asc)
///     .request()
///     .unwrap();
/// assert_eq!(r.query, format!("user={user}&sort_direction=asc&sort_by=unclaimed_fee"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GetOpenPortfolio {
    user: String,
    page: Option<u32>,
    page_size: Option<u32>,
    sort_direction: Option<Direction>,
    sort_by: Option<OpenPortfolioSort>,
}

impl GetOpenPortfolio {
    /// For the wallet `user` (validated on request).
    pub fn new(user: impl Into<String>) -> Self {
        Self { user: user.into(), page: None, page_size: None, sort_direction: None, sort_by: None }
    }

    paging_setters!(50);

    /// The sort direction (`sort_direction`; the datapi's default is descending).
    pub fn sort_direction(mut self, direction: Direction) -> Self {
        self.sort_direction = Some(direction);
        self
    }

    /// What to sort by (`sort_by`; the datapi's default is `current_balances`).
    pub fn sort_by(mut self, sort_by: OpenPortfolioSort) -> Self {
        self.sort_by = Some(sort_by);
        self
    }
}

#[derive(Serialize)]
struct OpenPortfolioWire<'a> {
    user: &'a str,
    page: Option<u32>,
    page_size: Option<u32>,
    sort_direction: Option<Direction>,
    sort_by: Option<OpenPortfolioSort>,
}

impl Operation for GetOpenPortfolio {
    type Output = OpenPortfolio;
    const GROUP: ApiGroup = ApiGroup::DlmmDatapi;

    fn request(&self) -> Result<Request, InvalidInput> {
        let user = Address::parse_param("user", &self.user)?;
        let wire = OpenPortfolioWire {
            user: user.as_str(),
            page: params::page(self.page)?,
            page_size: params::page_size(self.page_size, MAX_PORTFOLIO_PAGE_SIZE)?,
            sort_direction: self.sort_direction,
            sort_by: self.sort_by,
        };
        Request::new(Self::GROUP, &["portfolio", "open"], &wire)
    }
}

/// `GET /portfolio/total`: a wallet's portfolio totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GetPortfolioTotal {
    user: String,
}

impl GetPortfolioTotal {
    /// For the wallet `user` (validated on request).
    pub fn new(user: impl Into<String>) -> Self {
        Self { user: user.into() }
    }
}

#[derive(Serialize)]
struct UserWire<'a> {
    user: &'a str,
}

impl Operation for GetPortfolioTotal {
    type Output = PortfolioTotal;
    const GROUP: ApiGroup = ApiGroup::DlmmDatapi;

    fn request(&self) -> Result<Request, InvalidInput> {
        let user = Address::parse_param("user", &self.user)?;
        Request::new(Self::GROUP, &["portfolio", "total"], &UserWire { user: user.as_str() })
    }
}

/// `GET /positions/{address}/historical`: a position's events (the keeper's deposits, withdraws, fee and reward
/// claims in one list), newest first unless asked otherwise.
///
/// ```
/// use dlmm_query::datapi::ops::dlmm::GetPositionEvents;
/// use dlmm_query::datapi::params::{Direction, PositionEventType};
/// use dlmm_query::ops::Operation;
/// let position = "7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte";
/// let r = GetPositionEvents::new(position)
///     .event_type(PositionEventType::ClaimFee)
///     .order_direction(Direction::Asc)
///     .request()
///     .unwrap();
/// assert_eq!(r.path, format!("/positions/{position}/historical"));
/// assert_eq!(r.query, "event_type=claim_fee&order_direction=asc");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GetPositionEvents {
    address: String,
    event_type: Option<PositionEventType>,
    order_direction: Option<Direction>,
}

impl GetPositionEvents {
    /// For the position at `address` (validated on request); every event type, newest first.
    pub fn new(address: impl Into<String>) -> Self {
        Self { address: address.into(), event_type: None, order_direction: None }
    }

    /// Only events of this kind (`event_type`).
    pub fn event_type(mut self, event_type: PositionEventType) -> Self {
        self.event_type = Some(event_type);
        self
    }

    /// Oldest first ([`Direction::Asc`]) or newest first (`order_direction`; the datapi's default).
    pub fn order_direction(mut self, direction: Direction) -> Self {
        self.order_direction = Some(direction);
        self
    }
}

#[derive(Serialize)]
struct EventsWire {
    event_type: Option<PositionEventType>,
    order_direction: Option<Direction>,
}

impl Operation for GetPositionEvents {
    type Output = PositionEvents;
    const GROUP: ApiGroup = ApiGroup::DlmmDatapi;

    fn request(&self) -> Result<Request, InvalidInput> {
        let address = Address::parse_param("address", &self.address)?;
        let wire = EventsWire { event_type: self.event_type, order_direction: self.order_direction };
        Request::new(Self::GROUP, &["positions", address.as_str(), "historical"], &wire)
    }
}

/// `GET /positions/{pool_address}/pnl`: one page of a wallet's positions in a pool with their profit and loss.
///
/// ```
/// use dlmm_query::datapi::ops::dlmm::GetPositionsPnl;
/// use dlmm_query::datapi::params::PositionStatus;
/// use dlmm_query::ops::Operation;
/// let pool = "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6";
/// let user = "So11111111111111111111111111111111111111112";
/// let r = GetPositionsPnl::new(pool, user).status(PositionStatus::Open).page_size(100).request().unwrap();
/// assert_eq!(r.path, format!("/positions/{pool}/pnl"));
/// assert_eq!(r.query, format!("user={user}&status=open&page_size=100"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GetPositionsPnl {
    pool_address: String,
    user: String,
    status: Option<PositionStatus>,
    page: Option<u32>,
    page_size: Option<u32>,
}

impl GetPositionsPnl {
    /// For the wallet `user`'s positions in the pool `pool_address` (both validated on request).
    pub fn new(pool_address: impl Into<String>, user: impl Into<String>) -> Self {
        Self { pool_address: pool_address.into(), user: user.into(), status: None, page: None, page_size: None }
    }

    paging_setters!(100);

    /// Which positions (`status`; the datapi's default is `all`).
    pub fn status(mut self, status: PositionStatus) -> Self {
        self.status = Some(status);
        self
    }
}

#[derive(Serialize)]
struct PnlWire<'a> {
    user: &'a str,
    status: Option<PositionStatus>,
    page: Option<u32>,
    page_size: Option<u32>,
}

impl Operation for GetPositionsPnl {
    type Output = PositionsPnl;
    const GROUP: ApiGroup = ApiGroup::DlmmDatapi;

    fn request(&self) -> Result<Request, InvalidInput> {
        let pool = Address::parse_param("pool_address", &self.pool_address)?;
        let user = Address::parse_param("user", &self.user)?;
        let wire = PnlWire {
            user: user.as_str(),
            status: self.status,
            page: params::page(self.page)?,
            page_size: params::page_size(self.page_size, MAX_PNL_PAGE_SIZE)?,
        };
        Request::new(Self::GROUP, &["positions", pool.as_str(), "pnl"], &wire)
    }
}
