//! A wallet's calendar over a range of months (the portfolio service's `/chart/calendar/{wallet}` answers one month):
//! one request per month, in order, merged into one calendar, each day once, oldest first.

use crate::client::{CallOptions, Client};
use crate::datapi::models::portfolio::Calendar;
use crate::datapi::month::Month;
use crate::datapi::ops::portfolio::GetCalendar;
use crate::datapi::series::SeriesPlan;
use crate::error::Error;
use crate::json_text::Written;
use crate::ops::Operation;
use crate::shape::HasShape;
use crate::transport::Transport;

/// The requests of `calendar`: one per month of its range (at most [`MAX_MONTHS`](crate::datapi::month::MAX_MONTHS),
/// in order), or its one request without a range; refused before anything is sent when the wallet or the range is
/// not one.
pub fn calendar_requests(calendar: &GetCalendar) -> Result<Vec<crate::request::Request>, Error> {
    let Some((from, to)) = calendar.month_range() else { return Ok(vec![calendar.request()?]) };
    let months = Month::range(from, to)?;
    // The first month's request, checked; the others differ only in their month.
    let first = GetCalendar::new(calendar.wallet()).month(from).request()?;
    Ok(months
        .iter()
        .map(|month| crate::request::Request { query: format!("month={month}"), ..first.clone() })
        .collect())
}

/// [`calendar_requests`] as a plan of requests merged by the calendar's shape (for
/// [`Client::series_text`](crate::Client::series_text)).
pub fn calendar_plan(calendar: &GetCalendar) -> Result<SeriesPlan, Error> {
    let requests = calendar_requests(calendar)?;
    let asked = requests[0].clone();
    Ok(SeriesPlan::of_requests(asked, requests, GetCalendar::MISSING, &Calendar::SHAPE))
}

impl<T: Transport> Client<T> {
    /// A wallet's profit and loss per UTC day over `calendar`'s months: one request per month, merged, each day once,
    /// oldest first.
    pub async fn portfolio_calendar(&self, calendar: GetCalendar, options: CallOptions) -> Result<Calendar, Error> {
        let mut days = Vec::new();
        for request in calendar_requests(&calendar)? {
            let (url, response) = self.exchange(&request, GetCalendar::MISSING, options).await?;
            let month: Calendar = crate::decode::model(&response.body, &url, response.status).map_err(Error::Decode)?;
            days.extend(month.data_points);
        }
        days.sort_by_key(|day| day.timestamp);
        days.dedup_by_key(|day| day.timestamp);
        Ok(Calendar { data_points: days })
    }

    /// Like [`portfolio_calendar`](Self::portfolio_calendar), as the JSON text for JavaScript: each month's body is
    /// checked by the calendar's shape, the bodies are merged and the result transcoded once.
    pub async fn portfolio_calendar_text(
        &self,
        calendar: GetCalendar,
        options: CallOptions,
    ) -> Result<(String, Written), Error> {
        self.series_text(calendar_plan(&calendar)?, options).await
    }
}
