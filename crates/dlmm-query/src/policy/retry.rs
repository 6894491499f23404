//! Retrying failed calls: exponential back-off with jitter, honouring `Retry-After`, bounded in attempts and time.

use std::time::Duration;

use crate::error::{Error, ErrorKind};

/// When and how long to wait before trying a failed call again.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RetryPolicy {
    /// Attempts in all, the first included (1 = never retry).
    pub max_attempts: u32,
    /// The back-off before the first retry; it doubles with each further retry.
    pub base_delay: Duration,
    /// The longest single wait.
    pub max_delay: Duration,
    /// The longest time a call may spend in all, waits included; a retry that would pass it is not made.
    pub max_total: Duration,
    /// How much of each back-off is random, from 0 (none) to 1 (anywhere between zero and the full back-off).
    pub jitter: f64,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_attempts: 4,
            base_delay: Duration::from_millis(250),
            max_delay: Duration::from_secs(8),
            max_total: Duration::from_secs(30),
            jitter: 0.5,
        }
    }
}

/// What to do after a failed attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetryDecision {
    /// Wait this long, then try again.
    RetryAfter(Duration),
    /// Report the error.
    GiveUp,
}

/// What the retry policy needs to know of a failed attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failed {
    /// Whether another attempt may cure it ([`RetryPolicy::is_retryable`]).
    pub retryable: bool,
    /// How long the server asked the client to wait (`Retry-After`).
    pub retry_after: Option<Duration>,
}

impl Failed {
    /// What the policy needs to know of `error`.
    pub fn of(error: &Error) -> Self {
        Self { retryable: RetryPolicy::is_retryable(error), retry_after: error.retry_after() }
    }
}

impl RetryPolicy {
    /// Never retries. It sets no time budget of its own: the one attempt may still wait its turn of the rate limiter
    /// (or a server's pause), bounded by the call's time-out.
    pub const NEVER: Self = Self {
        max_attempts: 1,
        base_delay: Duration::ZERO,
        max_delay: Duration::ZERO,
        max_total: Duration::MAX,
        jitter: 0.0,
    };

    /// True for failures that another attempt may cure: rate limiting (429), server errors (5xx, except the
    /// vendor's 500 for an item it never indexed), network failures and time-outs. Never invalid input, other
    /// 4xx answers, cancellations or bodies that do not decode.
    pub fn is_retryable(error: &Error) -> bool {
        match error.kind() {
            ErrorKind::RateLimited | ErrorKind::Network | ErrorKind::Timeout => true,
            ErrorKind::Http => error.status().is_some_and(|s| s >= 500),
            ErrorKind::InvalidInput
            | ErrorKind::Aborted
            | ErrorKind::NotFound
            | ErrorKind::NotServed
            | ErrorKind::Decode => false,
        }
    }

    /// Decides after attempt number `attempt` (1 for the first) failed with `error`, `elapsed` after the call
    /// began. `random` is a number in `[0, 1)` that spreads out the back-off.
    pub fn decide(&self, error: &Error, attempt: u32, elapsed: Duration, random: f64) -> RetryDecision {
        self.decide_on(Failed::of(error), attempt, elapsed, random)
    }

    /// Decides as [`decide`](Self::decide) does, from what it needs to know of the failure (for an attempt made
    /// elsewhere, whose error is not a core [`Error`]: the npm package's worker).
    pub fn decide_on(&self, failed: Failed, attempt: u32, elapsed: Duration, random: f64) -> RetryDecision {
        if attempt >= self.max_attempts || !failed.retryable {
            return RetryDecision::GiveUp;
        }
        let wait = match failed.retry_after {
            // The server said how long; waiting less would only earn another 429.
            Some(asked) => asked,
            None => {
                let exponent = attempt.saturating_sub(1).min(30);
                let backoff = self.base_delay.saturating_mul(1 << exponent).min(self.max_delay);
                // Both in [0, 1] whatever was set (NaN counts as 0): the back-off is never scaled by NaN.
                let unit = |v: f64| if v.is_nan() { 0.0 } else { v.clamp(0.0, 1.0) };
                backoff.mul_f64(1.0 - unit(self.jitter) * unit(random))
            }
        };
        if wait > self.max_delay || elapsed.saturating_add(wait) > self.max_total {
            RetryDecision::GiveUp
        } else {
            RetryDecision::RetryAfter(wait)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{BodyKind, DecodeError, InvalidInput, StatusError, TransportError};

    #[test]
    fn a_nan_jitter_never_panics_a_retry() {
        let error = status(503, ErrorKind::Http, None);
        for (jitter, random) in [(f64::NAN, 0.5), (0.5, f64::NAN), (f64::INFINITY, f64::NEG_INFINITY), (-1.0, 2.0)] {
            let policy = RetryPolicy { jitter, ..RetryPolicy::default() };
            match policy.decide(&error, 1, Duration::ZERO, random) {
                RetryDecision::RetryAfter(wait) => assert!(wait <= policy.base_delay, "{jitter} {random}: {wait:?}"),
                RetryDecision::GiveUp => panic!("{jitter} {random}: a first 503 is retried"),
            }
        }
    }

    fn status(status: u16, kind: ErrorKind, retry_after: Option<u64>) -> Error {
        Error::Status(StatusError {
            kind,
            status,
            url: "u".into(),
            not_indexed: kind == ErrorKind::NotFound && status == 500,
            retry_after: retry_after.map(Duration::from_millis),
            api_error: None,
            body_snippet: String::new(),
        })
    }

    fn transport(error: TransportError) -> Error {
        Error::Transport { url: "u".into(), error }
    }

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn which_failures_are_retried() {
        let table = [
            (status(429, ErrorKind::RateLimited, None), true),
            (status(500, ErrorKind::Http, None), true),
            (status(502, ErrorKind::Http, None), true),
            (status(503, ErrorKind::Http, None), true),
            (status(500, ErrorKind::NotFound, None), false),
            (status(404, ErrorKind::NotFound, None), false),
            (status(400, ErrorKind::Http, None), false),
            (status(403, ErrorKind::Http, None), false),
            (transport(TransportError::network("reset")), true),
            (transport(TransportError::timeout(MS(5))), true),
            (transport(TransportError::aborted()), false),
            (Error::InvalidInput(InvalidInput::new("limit", "too big")), false),
            (
                Error::Decode(DecodeError {
                    url: "u".into(),
                    status: 200,
                    body: BodyKind::Html,
                    path: None,
                    message: String::new(),
                    expected: None,
                    found: None,
                }),
                false,
            ),
        ];
        for (error, retried) in table {
            assert_eq!(RetryPolicy::is_retryable(&error), retried, "{error}");
        }
    }

    #[test]
    fn backs_off_exponentially_with_jitter_and_a_cap() {
        let p = RetryPolicy { max_attempts: 10, max_total: Duration::from_secs(600), ..RetryPolicy::default() };
        let e = status(503, ErrorKind::Http, None);
        // (attempt, random, expected wait)
        let table = [(1, 0.0, 250), (2, 0.0, 500), (3, 0.0, 1000), (4, 0.0, 2000), (6, 0.0, 8000), (9, 0.0, 8000)];
        for (attempt, random, ms) in table {
            assert_eq!(p.decide(&e, attempt, Duration::ZERO, random), RetryDecision::RetryAfter(MS(ms)), "{attempt}");
        }
        // Jitter 0.5 with random 0.999… keeps just over half of the back-off.
        assert_eq!(p.decide(&e, 3, Duration::ZERO, 0.5), RetryDecision::RetryAfter(MS(750)));
        let RetryDecision::RetryAfter(w) = p.decide(&e, 3, Duration::ZERO, 0.999_999) else { panic!() };
        assert!(w >= MS(500) && w < MS(501));
    }

    #[test]
    fn honours_retry_after_exactly() {
        let p = RetryPolicy::default();
        let e = status(429, ErrorKind::RateLimited, Some(1500));
        assert_eq!(p.decide(&e, 1, Duration::ZERO, 0.9), RetryDecision::RetryAfter(MS(1500)));
        // A wait longer than the longest single wait is not made.
        let e = status(429, ErrorKind::RateLimited, Some(60_000));
        assert_eq!(p.decide(&e, 1, Duration::ZERO, 0.0), RetryDecision::GiveUp);
    }

    #[test]
    fn bounded_in_attempts_and_total_time() {
        let p = RetryPolicy::default();
        let e = transport(TransportError::network("refused"));
        assert!(matches!(p.decide(&e, 3, Duration::ZERO, 0.0), RetryDecision::RetryAfter(_)));
        assert_eq!(p.decide(&e, 4, Duration::ZERO, 0.0), RetryDecision::GiveUp, "4 attempts made");
        assert_eq!(p.decide(&e, 1, Duration::from_millis(29_900), 0.0), RetryDecision::GiveUp, "past 30 s in all");
        assert_eq!(RetryPolicy::NEVER.decide(&e, 1, Duration::ZERO, 0.0), RetryDecision::GiveUp);
    }
}
