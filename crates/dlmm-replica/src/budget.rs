//! A budget a port announces and enforces, as one public client reports of the live datapi hosts: so many requests
//! per window (300 a minute there), each answer saying what is left (`x-ratelimit-remaining`) and when the window
//! resets (`x-ratelimit-reset`, epoch seconds); past it, a 429 with `Retry-After` until the reset.

use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;

/// The header saying how many requests the window still takes.
pub const REMAINING: &str = "x-ratelimit-remaining";
/// The header saying when the window resets (epoch seconds).
pub const RESET: &str = "x-ratelimit-reset";

/// A fixed-window budget: `requests` per `window`, windows aligned to multiples of its length since the epoch.
#[derive(Debug)]
pub struct Budget {
    requests: u32,
    window: u64,
    /// The current window's end (epoch seconds) and the requests it took.
    used: Mutex<(u64, u32)>,
}

/// What the budget decided for one request: its headers' values, and a wait when it is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// Requests the window still takes after this one.
    pub remaining: u32,
    /// The window's end, epoch seconds.
    pub reset: u64,
    /// Seconds to wait, for a refused request.
    pub refused_for: Option<u64>,
}

impl Budget {
    /// `requests` per `window` (at least a second).
    pub fn new(requests: u32, window: Duration) -> Self {
        Self { requests, window: window.as_secs().max(1), used: Mutex::new((0, 0)) }
    }

    /// Takes one request at `now` (epoch seconds).
    pub fn take(&self, now: f64) -> Decision {
        let now = now.max(0.0);
        let end = ((now as u64) / self.window + 1) * self.window;
        let mut used = self.used.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if used.0 != end {
            *used = (end, 0);
        }
        if used.1 >= self.requests {
            let wait = (end as f64 - now).ceil().max(1.0) as u64;
            return Decision { remaining: 0, reset: end, refused_for: Some(wait) };
        }
        used.1 += 1;
        Decision { remaining: self.requests - used.1, reset: end, refused_for: None }
    }
}

/// The layer: announces the budget on every answer but the replica's own `/__replica/…` routes, and refuses past it.
pub async fn enforce(State(budget): State<Arc<Budget>>, request: Request, next: Next) -> Response {
    if request.uri().path().starts_with("/__replica/") {
        return next.run(request).await;
    }
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64());
    let decision = budget.take(now);
    let mut response = match decision.refused_for {
        Some(wait) => {
            let mut refused = crate::faults::json_message(StatusCode::TOO_MANY_REQUESTS, "rate limit exceeded");
            refused.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(wait));
            refused
        }
        None => next.run(request).await,
    };
    let headers = response.headers_mut();
    headers.insert(HeaderName::from_static(REMAINING), HeaderValue::from(decision.remaining));
    headers.insert(HeaderName::from_static(RESET), HeaderValue::from(decision.reset));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_takes_its_requests_then_refuses_until_it_resets() {
        let budget = Budget::new(2, Duration::from_secs(60));
        let at = 1_764_000_030.5;
        assert_eq!(budget.take(at), Decision { remaining: 1, reset: 1_764_000_060, refused_for: None });
        assert_eq!(budget.take(at + 1.0).remaining, 0);
        assert_eq!(budget.take(at + 2.0), Decision { remaining: 0, reset: 1_764_000_060, refused_for: Some(28) });
        assert_eq!(budget.take(1_764_000_060.0), Decision { remaining: 1, reset: 1_764_000_120, refused_for: None });
    }
}
