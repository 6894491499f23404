//! Typed datapi parameters: pages, time frames and windows, `sort_by`, `filter_by`, the enumerations some routes
//! take, and the checks every builder applies before anything is sent.
//!
//! Each value renders to exactly the text the datapi expects, so no raw string reaches the wire except through the
//! explicit escape hatches [`SortBy::raw`] and [`FilterBy::raw`], which are still checked as text.

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

use crate::error::InvalidInput;
use crate::ops::validate::{snip, text as validate_text};

/// The largest `page` any builder sends (the portfolio routes read it as a 32-bit integer).
pub const MAX_PAGE: u32 = i32::MAX as u32;
/// The largest `page_size` of `/pools`.
pub const MAX_POOLS_PAGE_SIZE: u32 = 1000;
/// The largest `page_size` of `/pools/groups` and `/pools/groups/{lexical_order_mints}`.
pub const MAX_GROUPS_PAGE_SIZE: u32 = 100;
/// The largest `page_size` of `/portfolio` and `/portfolio/open`.
pub const MAX_PORTFOLIO_PAGE_SIZE: u32 = 50;
/// The largest `page_size` of `/positions/{pool_address}/pnl`.
pub const MAX_PNL_PAGE_SIZE: u32 = 100;
/// The largest `page_size` of the limit-order lists.
pub const MAX_LIMIT_ORDERS_PAGE_SIZE: u32 = 1000;
/// The range of `days_back` on `/portfolio`.
pub const DAYS_BACK: std::ops::RangeInclusive<u32> = 1..=365;
/// The longest free-text `query`, in characters.
pub const MAX_QUERY_CHARS: usize = 200;
/// The longest value of a text condition in [`FilterBy`], in characters.
pub const MAX_FILTER_VALUE_CHARS: usize = 200;
/// The longest [`SortBy::raw`] or [`FilterBy::raw`] text, in characters.
pub const MAX_RAW_CHARS: usize = 1000;

/// The index among `names` (the wire names of a `wire_enum!` enum, in `ALL`'s order) of the text `s` (trimmed, in any
/// ASCII case), or the error of `param` listing the names. One function for every enum's `from_str`.
fn wire_index(param: &'static str, names: &[&str], s: &str) -> Result<usize, InvalidInput> {
    let wanted = s.trim();
    let mut reason = format!("{:?} is not one of ", snip(s));
    for (index, name) in names.iter().enumerate() {
        if name.eq_ignore_ascii_case(wanted) {
            return Ok(index);
        }
        if index > 0 {
            reason.push_str(", ");
        }
        reason.push_str(name);
    }
    Err(InvalidInput::new(param, reason))
}

/// Declares a closed set of wire names: the enum, `ALL`, `as_str`, `Display`, `FromStr` (error named `$param`) and a
/// `Serialize` that writes the wire name.
macro_rules! wire_enum {
    ($(#[$doc:meta])* $name:ident, $param:literal, { $($(#[$vdoc:meta])* $variant:ident = $wire:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            /// Every value, in the spec's order.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// The wire name.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $wire),+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $name {
            type Err = InvalidInput;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                wire_index($param, &[$($wire),+], s).map(|index| Self::ALL[index])
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }
    };
}

wire_enum!(
    /// A time frame: the bucket length of a series (`timeframe`) and the window of a windowed metric. The datapi's
    /// default is [`Timeframe::H24`].
    #[derive(Default)]
    Timeframe, "timeframe", {
        /// Five minutes.
        M5 = "5m",
        /// Thirty minutes.
        M30 = "30m",
        /// One hour.
        H1 = "1h",
        /// Two hours.
        H2 = "2h",
        /// Four hours.
        H4 = "4h",
        /// Twelve hours.
        H12 = "12h",
        /// One day.
        #[default]
        H24 = "24h",
    }
);

impl Timeframe {
    /// The bucket (or window) length in seconds.
    ///
    /// ```
    /// use dlmm_query::datapi::params::Timeframe;
    /// assert_eq!(Timeframe::M5.seconds(), 300);
    /// assert_eq!(Timeframe::default().seconds(), 86_400);
    /// ```
    pub const fn seconds(self) -> u64 {
        match self {
            Self::M5 => 300,
            Self::M30 => 1800,
            Self::H1 => 3600,
            Self::H2 => 7200,
            Self::H4 => 14_400,
            Self::H12 => 43_200,
            Self::H24 => 86_400,
        }
    }
}

wire_enum!(
    /// A sort direction: in `sort_by`, and as `sort_direction` and `order_direction`.
    Direction, "sort_direction", {
        /// Smallest (or oldest) first.
        Asc = "asc",
        /// Largest (or newest) first.
        Desc = "desc",
    }
);

wire_enum!(
    /// A metric measured over a window: `volume_24h`, `fee_1h`, `fee_tvl_ratio_5m`, `apr_12h`, …
    WindowedMetric, "sort_by", {
        /// Trading volume (USD).
        Volume = "volume",
        /// Fees earned by liquidity providers (USD).
        Fee = "fee",
        /// Fees over TVL (percent).
        FeeTvlRatio = "fee_tvl_ratio",
        /// Annual percentage rate.
        Apr = "apr",
    }
);

wire_enum!(
    /// A metric without a window that pools can be sorted by.
    SortField, "sort_by", {
        /// Total value locked (USD).
        Tvl = "tvl",
        /// The pool's fee (percent).
        FeePct = "fee_pct",
        /// The DLMM bin step.
        BinStep = "bin_step",
        /// When the pool was created.
        PoolCreatedAt = "pool_created_at",
        /// The farm's APY.
        FarmApy = "farm_apy",
    }
);

wire_enum!(
    /// A text field that `filter_by` can match. Field reports from public clients (2026, not verified here) say the
    /// live service matches text fields exactly, mint addresses included (`name=SOL-USDC` has been seen matching
    /// nothing: search names with `query`), and that the multi-value form `field=[a|b]` has returned no rows: send
    /// one request per value and merge ([`FilterBy::text`], not [`FilterBy::text_any`]).
    TextField, "filter_by", {
        /// The pool's address.
        PoolAddress = "pool_address",
        /// The pool's name (`SOL-USDC`).
        Name = "name",
        /// Token X's mint.
        TokenX = "token_x",
        /// Token Y's mint.
        TokenY = "token_y",
    }
);

wire_enum!(
    /// A boolean field that `filter_by` can match.
    BoolField, "filter_by", {
        /// Whether the pool is blacklisted.
        IsBlacklisted = "is_blacklisted",
    }
);

wire_enum!(
    /// A numeric comparison in `filter_by`.
    Comparison, "filter_by", {
        /// Equal.
        Eq = "=",
        /// Greater than.
        Gt = ">",
        /// Greater than or equal.
        Ge = ">=",
        /// Less than.
        Lt = "<",
        /// Less than or equal.
        Le = "<=",
    }
);

wire_enum!(
    /// A position event kind (`event_type` on `/positions/{address}/historical`).
    PositionEventType, "event_type", {
        /// Liquidity added (the keeper's deposits).
        Add = "add",
        /// Liquidity removed (the keeper's withdraws).
        Remove = "remove",
        /// Fees claimed.
        ClaimFee = "claim_fee",
        /// Farm rewards claimed.
        ClaimReward = "claim_reward",
    }
);

wire_enum!(
    /// Which positions `/positions/{pool_address}/pnl` reports (`status`; the datapi's default is `all`).
    PositionStatus, "status", {
        /// Open positions only.
        Open = "open",
        /// Closed positions only.
        Closed = "closed",
        /// Both.
        All = "all",
    }
);

wire_enum!(
    /// Which figures each day of a daily statistics route carries (`view`; the datapi's default is `clean`).
    DailyView, "view", {
        /// Over the filtered pool set (the service's own choice of pools that count).
        Clean = "clean",
        /// Over every pool.
        Gross = "gross",
        /// Both figures.
        Both = "both",
    }
);

wire_enum!(
    /// The window of a wallet's performance (`time_range` on the portfolio service's `/performances/{wallet}`).
    TimeRange, "time_range", {
        /// The last day.
        D1 = "1d",
        /// The last seven days.
        D7 = "7d",
        /// The last thirty days.
        D30 = "30d",
        /// The last year.
        Y1 = "1y",
        /// Since the first of January (UTC).
        Ytd = "ytd",
        /// Since the wallet's first position.
        All = "all",
    }
);

wire_enum!(
    /// What `/portfolio/open` is sorted by (`sort_by`; the datapi's default is `current_balances`).
    OpenPortfolioSort, "sort_by", {
        /// The current value of the positions.
        CurrentBalances = "current_balances",
        /// Fees not yet claimed.
        UnclaimedFee = "unclaimed_fee",
        /// Fees over TVL in the last 24 hours.
        FeePerTvl24h = "fee_per_tvl24h",
    }
);

/// `sort_by` of the pool and group lists: a windowed metric (`volume_24h:desc`) or a plain field (`tvl:asc`).
/// The datapi's default is `volume_24h:desc` ([`SortBy::default`]).
///
/// ```
/// use dlmm_query::datapi::params::{Direction, SortBy, SortField, Timeframe, WindowedMetric};
/// let volume = SortBy::windowed(WindowedMetric::Volume, Timeframe::H24, Direction::Desc);
/// assert_eq!(volume.to_string(), "volume_24h:desc");
/// let ratio = SortBy::windowed(WindowedMetric::FeeTvlRatio, Timeframe::M5, Direction::Asc);
/// assert_eq!(ratio.to_string(), "fee_tvl_ratio_5m:asc");
/// assert_eq!(SortBy::field(SortField::Tvl, Direction::Asc).to_string(), "tvl:asc");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SortBy(SortKind);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum SortKind {
    Windowed(WindowedMetric, Timeframe, Direction),
    Field(SortField, Direction),
    Raw(String),
}

impl SortBy {
    /// Sorts by `metric` over `window` (`<metric>_<window>:<direction>`).
    pub fn windowed(metric: WindowedMetric, window: Timeframe, direction: Direction) -> Self {
        Self(SortKind::Windowed(metric, window, direction))
    }

    /// Sorts by a field without a window (`<field>:<direction>`).
    pub fn field(field: SortField, direction: Direction) -> Self {
        Self(SortKind::Field(field, direction))
    }

    /// The escape hatch: any text, sent as is once checked as text (not blank, no control characters, at most
    /// [`MAX_RAW_CHARS`] characters). Use it for a sort the datapi added after this crate.
    pub fn raw(text: impl Into<String>) -> Self {
        Self(SortKind::Raw(text.into()))
    }

    /// The wire text, or why it cannot be sent.
    pub(crate) fn wire(&self) -> Result<String, InvalidInput> {
        if let SortKind::Raw(text) = &self.0 {
            raw_text("sort_by", text)?;
        }
        Ok(self.to_string())
    }
}

impl Default for SortBy {
    fn default() -> Self {
        Self::windowed(WindowedMetric::Volume, Timeframe::H24, Direction::Desc)
    }
}

impl fmt::Display for SortBy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            SortKind::Windowed(metric, window, direction) => write!(f, "{metric}_{window}:{direction}"),
            SortKind::Field(field, direction) => write!(f, "{field}:{direction}"),
            SortKind::Raw(text) => f.write_str(text.trim()),
        }
    }
}

impl FromStr for SortBy {
    type Err = InvalidInput;

    /// Reads the typed forms (`volume_24h:desc`, `tvl:asc`); anything else is rejected (use [`SortBy::raw`] for text
    /// this crate does not know).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        let unknown = || {
            InvalidInput::new(
                "sort_by",
                format!(
                    "{:?} is not <metric>_<window>:<asc|desc> (metrics volume, fee, fee_tvl_ratio, apr; windows 5m \
                     30m 1h 2h 4h 12h 24h) or <field>:<asc|desc> (tvl, fee_pct, bin_step, pool_created_at, farm_apy)",
                    snip(text)
                ),
            )
        };
        let (key, direction) = text.rsplit_once(':').ok_or_else(unknown)?;
        let direction: Direction = direction.parse().map_err(|_| unknown())?;
        if let Ok(field) = key.parse::<SortField>() {
            return Ok(Self::field(field, direction));
        }
        match key.parse::<NumericField>() {
            Ok(NumericField::Windowed(metric, window)) => Ok(Self::windowed(metric, window, direction)),
            _ => Err(unknown()),
        }
    }
}

/// A numeric field that `filter_by` can compare: `tvl` or a windowed metric (`volume_24h`, `apr_1h`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumericField {
    /// Total value locked (USD).
    Tvl,
    /// A metric over a window.
    Windowed(WindowedMetric, Timeframe),
}

impl fmt::Display for NumericField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Tvl => f.write_str("tvl"),
            Self::Windowed(metric, window) => write!(f, "{metric}_{window}"),
        }
    }
}

impl FromStr for NumericField {
    type Err = InvalidInput;

    /// Reads `tvl` or `<metric>_<window>` (`volume_24h`, `fee_tvl_ratio_5m`, …).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key = s.trim();
        if key.eq_ignore_ascii_case("tvl") {
            return Ok(Self::Tvl);
        }
        for metric in WindowedMetric::ALL {
            let window = key
                .get(..metric.as_str().len())
                .filter(|head| head.eq_ignore_ascii_case(metric.as_str()))
                .and_then(|_| key[metric.as_str().len()..].strip_prefix('_'))
                .and_then(|w| w.parse::<Timeframe>().ok());
            if let Some(window) = window {
                return Ok(Self::Windowed(*metric, window));
            }
        }
        Err(InvalidInput::new("filter_by", format!("{:?} is not tvl or <metric>_<window>", snip(key))))
    }
}

/// One condition of a [`FilterBy`].
#[derive(Clone, Debug, PartialEq)]
pub enum Condition {
    /// `<field><op><value>`, e.g. `tvl>=1000`. The value must be finite.
    Numeric(NumericField, Comparison, f64),
    /// `<field>=true|false`, e.g. `is_blacklisted=false`.
    Bool(BoolField, bool),
    /// `<field>=<value>` for one value, `<field>=[a|b|c]` for several (any of them matches).
    Text(TextField, Vec<String>),
}

impl Condition {
    /// Checks the values and renders the condition.
    fn wire(&self) -> Result<String, InvalidInput> {
        Ok(match self {
            Self::Numeric(field, op, value) => {
                if !value.is_finite() {
                    return Err(InvalidInput::new(
                        "filter_by",
                        format!("{field}{op}{}: the value must be finite", crate::float::text(*value)),
                    ));
                }
                format!("{field}{op}{}", crate::float::text(*value))
            }
            Self::Bool(field, value) => format!("{field}={value}"),
            Self::Text(field, values) => {
                for value in values {
                    filter_value(*field, value)?;
                }
                match values.as_slice() {
                    [] => return Err(InvalidInput::new("filter_by", format!("{field}: has no value to match"))),
                    [one] => format!("{field}={}", one.trim()),
                    many => {
                        let mut text = format!("{field}=[");
                        for (index, value) in many.iter().enumerate() {
                            if index > 0 {
                                text.push('|');
                            }
                            text.push_str(value.trim());
                        }
                        text.push(']');
                        text
                    }
                }
            }
        })
    }
}

impl FromStr for Condition {
    type Err = InvalidInput;

    /// Reads one `<field><op><value>` expression into its typed form; an unknown field or operator is rejected.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let expr = s.trim();
        let bad = |why: &str| InvalidInput::new("filter_by", format!("{:?}: {why}", snip(expr)));
        let at = expr.find(['=', '<', '>']).ok_or_else(|| bad("has no operator (= > >= < <=)"))?;
        let (field, rest) = (expr[..at].trim(), &expr[at..]);
        let (op, value) = match rest.get(..2) {
            Some(">=") => (Comparison::Ge, &rest[2..]),
            Some("<=") => (Comparison::Le, &rest[2..]),
            _ => (rest[..1].parse::<Comparison>()?, &rest[1..]),
        };
        let value = value.trim();
        if let Ok(field) = field.parse::<BoolField>() {
            return match (op, value.to_ascii_lowercase().as_str()) {
                (Comparison::Eq, "true") => Ok(Self::Bool(field, true)),
                (Comparison::Eq, "false") => Ok(Self::Bool(field, false)),
                _ => Err(bad("a boolean field takes =true or =false")),
            };
        }
        if let Ok(field) = field.parse::<TextField>() {
            if op != Comparison::Eq {
                return Err(bad("a text field takes = only"));
            }
            let mut values = Vec::new();
            match value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
                Some(list) => {
                    for one in list.split('|') {
                        values.push(one.trim().to_owned());
                    }
                }
                None => values.push(value.to_owned()),
            }
            let condition = Self::Text(field, values);
            condition.wire()?;
            return Ok(condition);
        }
        let field = field.parse::<NumericField>().map_err(|_| bad("is not a known field"))?;
        let number = crate::float::parse(value).ok_or_else(|| bad("the value is not a number"))?;
        let condition = Self::Numeric(field, op, number);
        condition.wire()?;
        Ok(condition)
    }
}

/// Checks one text value of a filter: it must not be able to end its condition or start another.
fn filter_value(field: TextField, value: &str) -> Result<(), InvalidInput> {
    validate_text("filter_by", value, MAX_FILTER_VALUE_CHARS, false)?;
    for forbidden in ["&&", "|", "[", "]"] {
        if value.contains(forbidden) {
            return Err(InvalidInput::new(
                "filter_by",
                format!(
                    "{field}: the value {:?} contains {forbidden:?}, which the filter syntax reserves",
                    snip(value)
                ),
            ));
        }
    }
    Ok(())
}

/// `filter_by` of the pool and group lists: typed conditions joined with ` && ` (the datapi only has AND).
///
/// ```
/// use dlmm_query::datapi::params::{Comparison, FilterBy, NumericField, TextField, Timeframe, WindowedMetric};
/// let filter = FilterBy::new()
///     .is_blacklisted(false)
///     .numeric(NumericField::Windowed(WindowedMetric::Volume, Timeframe::H24), Comparison::Ge, 50_000.0)
///     .numeric(NumericField::Tvl, Comparison::Gt, 1000.5)
///     .text_any(TextField::Name, ["SOL-USDC", "JUP-SOL"]);
/// assert_eq!(
///     filter.to_string(),
///     "is_blacklisted=false && volume_24h>=50000 && tvl>1000.5 && name=[SOL-USDC|JUP-SOL]"
/// );
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FilterBy {
    raw: Option<String>,
    conditions: Vec<Condition>,
}

impl FilterBy {
    /// No condition yet (at least one is needed before sending).
    pub fn new() -> Self {
        Self::default()
    }

    /// The escape hatch: any text, sent as is once checked as text (not blank, no control characters, at most
    /// [`MAX_RAW_CHARS`] characters). Use it for a field the datapi added after this crate.
    pub fn raw(text: impl Into<String>) -> Self {
        Self { raw: Some(text.into()), conditions: Vec::new() }
    }

    /// Adds a condition (after a raw filter's text, joined with ` && `).
    pub fn and(mut self, condition: Condition) -> Self {
        self.conditions.push(condition);
        self
    }

    /// Adds `<field><op><value>`.
    pub fn numeric(self, field: NumericField, op: Comparison, value: f64) -> Self {
        self.and(Condition::Numeric(field, op, value))
    }

    /// Adds `is_blacklisted=<value>`.
    pub fn is_blacklisted(self, value: bool) -> Self {
        self.and(Condition::Bool(BoolField::IsBlacklisted, value))
    }

    /// Adds `<field>=<value>`.
    pub fn text(self, field: TextField, value: impl Into<String>) -> Self {
        self.and(Condition::Text(field, vec![value.into()]))
    }

    /// Adds `<field>=[a|b|…]`: any of `values` matches, as the docs describe it. Field reports say the live service
    /// has answered this form with no rows: where that matters, send one request per value ([`text`](Self::text))
    /// and merge, as the explorer does.
    pub fn text_any<I: IntoIterator<Item = S>, S: Into<String>>(self, field: TextField, values: I) -> Self {
        self.and(Condition::Text(field, values.into_iter().map(Into::into).collect()))
    }

    /// The wire text, or why it cannot be sent.
    pub(crate) fn wire(&self) -> Result<String, InvalidInput> {
        let mut text = String::new();
        if let Some(raw) = &self.raw {
            raw_text("filter_by", raw)?;
            text.push_str(raw.trim());
        }
        for (index, condition) in self.conditions.iter().enumerate() {
            if index > 0 || self.raw.is_some() {
                text.push_str(" && ");
            }
            text.push_str(&condition.wire()?);
        }
        if self.raw.is_none() && self.conditions.is_empty() {
            return Err(InvalidInput::new("filter_by", "has no condition; add one or do not set filter_by"));
        }
        Ok(text)
    }
}

impl FromStr for FilterBy {
    type Err = InvalidInput;

    /// Reads `expr && expr …` into typed conditions, each checked as when built ([`FilterBy::raw`] keeps text this
    /// crate does not know).
    ///
    /// ```
    /// use dlmm_query::datapi::params::FilterBy;
    /// let f: FilterBy = "is_blacklisted=false && volume_24h >= 50000 && name=[SOL-USDC|JUP-SOL]".parse().unwrap();
    /// assert_eq!(f.to_string(), "is_blacklisted=false && volume_24h>=50000 && name=[SOL-USDC|JUP-SOL]");
    /// assert!("tvl>1 && name=[a|b".parse::<FilterBy>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut filter = Self::new();
        for expr in s.split("&&") {
            filter = filter.and(expr.parse()?);
        }
        filter.wire()?;
        Ok(filter)
    }
}

impl fmt::Display for FilterBy {
    /// The wire text (an invalid condition renders as it would be sent, before validation rejects it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.wire() {
            Ok(text) => f.write_str(&text),
            Err(e) => write!(f, "<{e}>"),
        }
    }
}

/// Checks escape-hatch text.
fn raw_text(parameter: &'static str, text: &str) -> Result<(), InvalidInput> {
    validate_text(parameter, text, MAX_RAW_CHARS, false)
}

/// Checks a 1-based `page`.
pub(crate) fn page(value: Option<u32>) -> Result<Option<u32>, InvalidInput> {
    match value {
        Some(0) => Err(InvalidInput::new("page", "is 0; datapi pages start at 1")),
        Some(p) if p > MAX_PAGE => Err(InvalidInput::new("page", format!("is {p}; the largest page is {MAX_PAGE}"))),
        other => Ok(other),
    }
}

/// Checks a `page_size` against the route's cap.
pub(crate) fn page_size(value: Option<u32>, max: u32) -> Result<Option<u32>, InvalidInput> {
    match value {
        Some(size) if size == 0 || size > max => {
            Err(InvalidInput::new("page_size", format!("is {size}; it must be from 1 to {max} on this route")))
        }
        other => Ok(other),
    }
}

/// Checks `days_back`.
pub(crate) fn days_back(value: Option<u32>) -> Result<Option<u32>, InvalidInput> {
    match value {
        Some(days) if !DAYS_BACK.contains(&days) => Err(InvalidInput::new(
            "days_back",
            format!("is {days}; it must be from {} to {}", DAYS_BACK.start(), DAYS_BACK.end()),
        )),
        other => Ok(other),
    }
}

/// Checks the free-text `query`.
pub(crate) fn query(value: Option<&str>) -> Result<Option<&str>, InvalidInput> {
    match value {
        Some(text) => {
            validate_text("query", text, MAX_QUERY_CHARS, false)?;
            Ok(Some(text.trim()))
        }
        None => Ok(None),
    }
}

/// The largest time a builder sends (the datapi reads times as signed 64-bit integers).
pub const MAX_TIME: u64 = i64::MAX as u64;

/// Checks `start_time` and `end_time` (unix seconds, inclusive): each at most [`MAX_TIME`], start not after end.
pub(crate) fn time_range(start: Option<u64>, end: Option<u64>) -> Result<(), InvalidInput> {
    for (parameter, value) in [("start_time", start), ("end_time", end)] {
        if let Some(t) = value.filter(|t| *t > MAX_TIME) {
            return Err(InvalidInput::new(parameter, format!("is {t}; the largest time is {MAX_TIME}")));
        }
    }
    if let (Some(s), Some(e)) = (start, end)
        && s > e
    {
        return Err(InvalidInput::new("start_time", format!("is {s}, after end_time {e}; the range is empty")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enums_use_the_wire_names_and_parse_back() {
        let frames: Vec<_> = Timeframe::ALL.iter().map(|t| t.as_str()).collect();
        assert_eq!(frames, ["5m", "30m", "1h", "2h", "4h", "12h", "24h"]);
        let seconds: Vec<_> = Timeframe::ALL.iter().map(|t| t.seconds()).collect();
        assert_eq!(seconds, [300, 1800, 3600, 7200, 14_400, 43_200, 86_400]);
        assert_eq!("12H".parse::<Timeframe>().unwrap(), Timeframe::H12);
        assert_eq!("1d".parse::<Timeframe>().unwrap_err().parameter, "timeframe");
        assert_eq!("claim_fee".parse::<PositionEventType>().unwrap(), PositionEventType::ClaimFee);
        assert_eq!(OpenPortfolioSort::FeePerTvl24h.to_string(), "fee_per_tvl24h");
        assert_eq!(serde_json::to_string(&PositionStatus::All).unwrap(), r#""all""#);
        assert_eq!("gross".parse::<DailyView>().unwrap(), DailyView::Gross);
        assert_eq!("net".parse::<DailyView>().unwrap_err().parameter, "view");
    }

    #[test]
    fn sort_by_renders_every_metric_and_window() {
        for metric in WindowedMetric::ALL {
            for window in Timeframe::ALL {
                let s = SortBy::windowed(*metric, *window, Direction::Asc).wire().unwrap();
                assert_eq!(s, format!("{}_{}:asc", metric.as_str(), window.as_str()));
            }
        }
        assert_eq!(SortBy::default().wire().unwrap(), "volume_24h:desc");
        assert_eq!(SortBy::field(SortField::PoolCreatedAt, Direction::Desc).wire().unwrap(), "pool_created_at:desc");
        assert_eq!(SortBy::raw(" volume_7d:desc ").wire().unwrap(), "volume_7d:desc");
        for bad in ["", "  ", "tvl:\ndesc"] {
            assert_eq!(SortBy::raw(bad).wire().unwrap_err().parameter, "sort_by", "{bad:?}");
        }
        assert!(SortBy::raw("x".repeat(MAX_RAW_CHARS + 1)).wire().unwrap_err().reason.contains("1001 characters"));
    }

    #[test]
    fn filters_join_typed_conditions_and_refuse_injection() {
        let f = FilterBy::new().numeric(NumericField::Tvl, Comparison::Le, -0.25).text(TextField::TokenX, " abc ");
        assert_eq!(f.wire().unwrap(), "tvl<=-0.25 && token_x=abc");
        let apr = NumericField::Windowed(WindowedMetric::Apr, Timeframe::H1);
        assert_eq!(FilterBy::new().numeric(apr, Comparison::Eq, 1e21).wire().unwrap(), "apr_1h=1000000000000000000000");
        let bad = |f: FilterBy, reason: &str| {
            let e = f.wire().unwrap_err();
            assert_eq!(e.parameter, "filter_by");
            assert!(e.reason.contains(reason), "{:?} lacks {reason:?}", e.reason);
        };
        bad(FilterBy::new(), "no condition");
        bad(FilterBy::new().numeric(NumericField::Tvl, Comparison::Gt, f64::NAN), "finite");
        bad(FilterBy::new().numeric(NumericField::Tvl, Comparison::Gt, f64::NEG_INFINITY), "finite");
        bad(FilterBy::new().text(TextField::Name, "a && tvl>0"), "\"&&\"");
        bad(FilterBy::new().text_any(TextField::Name, ["a", "b|c"]), "\"|\"");
        bad(FilterBy::new().text(TextField::Name, "a]"), "\"]\"");
        bad(FilterBy::new().text(TextField::Name, "[a"), "\"[\"");
        bad(FilterBy::new().text(TextField::Name, " "), "empty");
        bad(FilterBy::new().text(TextField::Name, "a\u{7}"), "control");
        bad(FilterBy::new().text_any(TextField::Name, Vec::<String>::new()), "no value");
        bad(FilterBy::raw("tvl>1\r\n"), "control");
        bad(FilterBy::raw("").is_blacklisted(true), "empty");
        bad(FilterBy::raw("tvl>1").numeric(NumericField::Tvl, Comparison::Gt, f64::NAN), "finite");
        assert_eq!(FilterBy::raw("tvl>1").is_blacklisted(true).wire().unwrap(), "tvl>1 && is_blacklisted=true");
    }

    #[test]
    fn typed_forms_parse_back() {
        for metric in WindowedMetric::ALL {
            for window in Timeframe::ALL {
                let sort = SortBy::windowed(*metric, *window, Direction::Desc);
                assert_eq!(sort.to_string().parse::<SortBy>().unwrap(), sort);
            }
        }
        for field in SortField::ALL {
            let sort = SortBy::field(*field, Direction::Asc);
            assert_eq!(format!(" {sort} ").parse::<SortBy>().unwrap(), sort);
        }
        for bad in ["volume_7d:desc", "tvl", "tvl:up", "fee_tvl_ratio:asc", "volume_24h:desc:x", ""] {
            assert_eq!(bad.parse::<SortBy>().unwrap_err().parameter, "sort_by", "{bad:?}");
        }
        let filter = FilterBy::new()
            .is_blacklisted(true)
            .numeric(NumericField::Windowed(WindowedMetric::FeeTvlRatio, Timeframe::M30), Comparison::Lt, 0.5)
            .numeric(NumericField::Tvl, Comparison::Eq, 3.0)
            .text(TextField::PoolAddress, "abc")
            .text_any(TextField::TokenY, ["a", "b", "c"]);
        let text = filter.to_string();
        assert_eq!(
            text,
            "is_blacklisted=true && fee_tvl_ratio_30m<0.5 && tvl=3 && pool_address=abc && token_y=[a|b|c]"
        );
        assert_eq!(text.parse::<FilterBy>().unwrap(), filter);
        for bad in [
            "",
            "tvl",
            "tvl>x",
            "tvl>inf",
            "apr_7d>1",
            "is_blacklisted=maybe",
            "is_blacklisted>1",
            "name>a",
            "name=",
            "name=[a||b]",
            "tvl>1 &&",
            "depth>1",
        ] {
            assert_eq!(bad.parse::<FilterBy>().unwrap_err().parameter, "filter_by", "{bad:?}");
        }
    }

    #[test]
    fn ranges_and_counts_are_checked() {
        assert_eq!(page(Some(0)).unwrap_err().parameter, "page");
        assert_eq!(page(Some(MAX_PAGE + 1)).unwrap_err().parameter, "page");
        assert_eq!(page(Some(MAX_PAGE)).unwrap(), Some(MAX_PAGE));
        assert!(page_size(Some(51), 50).unwrap_err().reason.contains("from 1 to 50"));
        assert_eq!(page_size(Some(0), 1000).unwrap_err().parameter, "page_size");
        assert_eq!(days_back(Some(366)).unwrap_err().parameter, "days_back");
        assert_eq!(days_back(Some(365)).unwrap(), Some(365));
        assert_eq!(time_range(Some(5), Some(4)).unwrap_err().parameter, "start_time");
        assert_eq!(time_range(None, Some(u64::MAX)).unwrap_err().parameter, "end_time");
        assert!(time_range(Some(4), Some(4)).is_ok() && time_range(Some(9), None).is_ok());
    }
}
