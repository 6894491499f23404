//! A client-side token bucket, so a busy program stays under the server's documented rate, and what the server
//! says of its own budget: the requests left until its window resets (`x-ratelimit-remaining`,
//! `x-ratelimit-reset`), and a pause after it answered 429, which every call to that service then waits out.

use std::time::Duration;

use crate::error::InvalidInput;

/// The longest a server's reset or pause is honoured for (a later one is taken as this).
pub const MAX_SERVER_WAIT: Duration = Duration::from_secs(300);

/// Reset times above this many seconds are unix times (epoch seconds); below, seconds from now.
const EPOCH_SECONDS_FROM: f64 = 1e9;

/// What a server said of its budget in an answer's headers: how many requests it still takes and when its window
/// resets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerBudget {
    /// Requests left in the window (`x-ratelimit-remaining`).
    pub remaining: u64,
    /// Time until the window resets (`x-ratelimit-reset`: epoch seconds, or seconds from now when small), at most
    /// [`MAX_SERVER_WAIT`].
    pub reset_in: Duration,
}

impl ServerBudget {
    /// The budget `headers` announce, read against `unix_now` (the wall clock, since a reset is usually an epoch
    /// time); `None` without both headers, or with a value that is not a number, or an epoch reset and no clock.
    pub fn from_headers(headers: &[(String, String)], unix_now: Option<Duration>) -> Option<Self> {
        let header = |name: &str| headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.trim());
        let remaining = header("x-ratelimit-remaining")?.parse::<u64>().ok()?;
        let reset = crate::float::parse(header("x-ratelimit-reset")?).filter(|r| r.is_finite() && *r >= 0.0)?;
        let seconds = if reset >= EPOCH_SECONDS_FROM { reset - unix_now?.as_secs_f64() } else { reset };
        let reset_in = Duration::try_from_secs_f64(seconds.max(0.0)).unwrap_or(MAX_SERVER_WAIT).min(MAX_SERVER_WAIT);
        Some(Self { remaining, reset_in })
    }
}

/// Allows `rate` requests per second on average, with bursts of up to `burst`.
///
/// [`acquire`](Self::acquire) reserves a slot and says how long to wait for it, so callers that arrive together
/// are spaced out rather than all sent at once.
#[derive(Clone, Debug, PartialEq)]
pub struct RateLimiter {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Option<Duration>,
    /// The server's window: requests it still takes, and when (on this clock) it resets.
    server: Option<(u64, Duration)>,
    /// No request before this time (on this clock): the server answered 429.
    paused_until: Duration,
}

impl RateLimiter {
    /// The vendor's documented limit of the pair group: 30 requests per second.
    pub const PAIR_GROUP_PER_SECOND: f64 = 30.0;
    /// The vendor's documented limit of the pool group: 10 requests per second.
    pub const POOL_GROUP_PER_SECOND: f64 = 10.0;

    /// The slowest limit accepted as an option: one request every 1,000 seconds. Slower rates are rejected by
    /// [`check_rate`](Self::check_rate) (a rate near zero would ask for waits longer than any clock holds).
    pub const MIN_PER_SECOND: f64 = 1e-3;

    /// Checks a configured rate named `parameter`: 0 (no limit) or from [`MIN_PER_SECOND`](Self::MIN_PER_SECOND)
    /// up, finite.
    pub fn check_rate(parameter: &'static str, per_second: f64) -> Result<f64, InvalidInput> {
        if per_second == 0.0 || (per_second.is_finite() && per_second >= Self::MIN_PER_SECOND) {
            Ok(per_second)
        } else {
            Err(InvalidInput::new(
                parameter,
                format!(
                    "is {}; it must be 0 (no limit) or at least {} requests per second",
                    crate::float::text(per_second),
                    crate::float::text(Self::MIN_PER_SECOND)
                ),
            ))
        }
    }

    /// A limiter of `per_second` requests per second with a burst of one second's worth. A rate that is not
    /// positive and finite means no limit.
    pub fn per_second(per_second: f64) -> Self {
        let burst = if per_second.is_finite() && per_second > 0.0 { per_second.max(1.0) } else { f64::INFINITY };
        Self { rate: per_second, burst, tokens: burst, last: None, server: None, paused_until: Duration::ZERO }
    }

    /// True when the limiter never makes anyone wait.
    pub fn is_unlimited(&self) -> bool {
        !self.burst.is_finite()
    }

    /// Reserves one request at time `now` (any monotonic clock) and returns how long to wait before sending it: the
    /// bucket's wait, and no less than the server's pause, nor than its window's reset once the window is spent.
    pub fn acquire(&mut self, now: Duration) -> Duration {
        let mut wait = self.bucket_wait(now).max(self.paused_until.saturating_sub(now));
        match self.server {
            Some((_, resets)) if resets <= now => self.server = None,
            Some((0, resets)) => {
                // Spent: wait for the reset; the server's next answer says what the new window holds.
                wait = wait.max(resets - now);
                self.server = None;
            }
            Some((left, resets)) => self.server = Some((left - 1, resets)),
            None => {}
        }
        wait
    }

    /// What the server said of its budget at `now` (a later answer's word replaces an earlier one's).
    pub fn observe(&mut self, now: Duration, budget: ServerBudget) {
        self.server = Some((budget.remaining, now.saturating_add(budget.reset_in)));
    }

    /// The server answered 429 at `now`: no request to it for `wait` (at most [`MAX_SERVER_WAIT`]).
    pub fn pause(&mut self, now: Duration, wait: Duration) {
        self.paused_until = self.paused_until.max(now.saturating_add(wait.min(MAX_SERVER_WAIT)));
    }

    /// The token bucket's wait for one more request at `now`.
    fn bucket_wait(&mut self, now: Duration) -> Duration {
        if self.is_unlimited() {
            return Duration::ZERO;
        }
        if let Some(last) = self.last {
            let elapsed = now.saturating_sub(last).as_secs_f64();
            self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        }
        self.last = Some(now.max(self.last.unwrap_or_default()));
        self.tokens -= 1.0;
        if self.tokens >= 0.0 {
            Duration::ZERO
        } else {
            // Saturates instead of panicking for rates so small the wait overflows a `Duration`.
            Duration::try_from_secs_f64(-self.tokens / self.rate).unwrap_or(Duration::MAX)
        }
    }

    /// Gives back a slot reserved by [`acquire`](Self::acquire) that was never used (its call was cancelled or gave
    /// up while waiting), so abandoned waits do not delay the calls after them.
    pub fn release(&mut self) {
        if !self.is_unlimited() {
            self.tokens = (self.tokens + 1.0).min(self.burst);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_released_slot_is_reused_and_tiny_rates_saturate_or_are_rejected() {
        let mut limiter = RateLimiter::per_second(10.0);
        for _ in 0..10 {
            assert_eq!(limiter.acquire(ms(0)), Duration::ZERO);
        }
        assert_eq!(limiter.acquire(ms(0)), ms(100));
        assert_eq!(limiter.acquire(ms(0)), ms(200));
        limiter.release();
        limiter.release();
        assert_eq!(limiter.acquire(ms(0)), ms(100), "the abandoned waits came back");
        let mut tiny = RateLimiter::per_second(1e-300);
        tiny.acquire(ms(0));
        assert_eq!(tiny.acquire(ms(0)), Duration::MAX, "no overflow panic");
        for bad in [1e-300, -1.0, f64::NAN, f64::INFINITY, 1e-4] {
            assert_eq!(RateLimiter::check_rate("rate", bad).unwrap_err().parameter, "rate", "{bad}");
        }
        for fine in [0.0, 1e-3, 30.0, 1e6] {
            assert_eq!(RateLimiter::check_rate("rate", fine), Ok(fine));
        }
    }

    fn headers(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn a_servers_budget_reads_from_epoch_or_relative_resets() {
        let unix_now = Some(Duration::from_secs(1_764_000_000));
        let epoch = headers(&[("X-RateLimit-Remaining", "12"), ("x-ratelimit-reset", "1764000030")]);
        assert_eq!(
            ServerBudget::from_headers(&epoch, unix_now),
            Some(ServerBudget { remaining: 12, reset_in: ms(30_000) })
        );
        assert_eq!(ServerBudget::from_headers(&epoch, None), None, "an epoch reset needs a clock");
        let relative = headers(&[("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", "2.5")]);
        assert_eq!(ServerBudget::from_headers(&relative, None).unwrap().reset_in, ms(2_500));
        let past = headers(&[("x-ratelimit-remaining", "3"), ("x-ratelimit-reset", "1763999990")]);
        assert_eq!(ServerBudget::from_headers(&past, unix_now).unwrap().reset_in, Duration::ZERO);
        let far = headers(&[("x-ratelimit-remaining", "3"), ("x-ratelimit-reset", "1e300")]);
        assert_eq!(ServerBudget::from_headers(&far, unix_now).unwrap().reset_in, MAX_SERVER_WAIT);
        for bad in [
            &[("x-ratelimit-remaining", "-1"), ("x-ratelimit-reset", "5")][..],
            &[("x-ratelimit-remaining", "5")],
            &[("x-ratelimit-remaining", "5"), ("x-ratelimit-reset", "soon")],
            &[("x-ratelimit-remaining", "5"), ("x-ratelimit-reset", "NaN")],
        ] {
            assert_eq!(ServerBudget::from_headers(&headers(bad), unix_now), None, "{bad:?}");
        }
    }

    #[test]
    fn a_spent_server_window_holds_requests_until_it_resets_even_without_a_client_limit() {
        for mut limiter in [RateLimiter::per_second(0.0), RateLimiter::per_second(1000.0)] {
            limiter.observe(ms(0), ServerBudget { remaining: 2, reset_in: ms(5_000) });
            assert_eq!((limiter.acquire(ms(10)), limiter.acquire(ms(20))), (Duration::ZERO, Duration::ZERO));
            assert_eq!(limiter.acquire(ms(30)), ms(4_970), "the window is spent: wait for its reset");
            assert_eq!(limiter.acquire(ms(40)), Duration::ZERO, "then the next answer says what the new one holds");
            // A window that has reset by the time of the request no longer holds it.
            limiter.observe(ms(100), ServerBudget { remaining: 0, reset_in: ms(50) });
            assert_eq!(limiter.acquire(ms(200)), Duration::ZERO);
        }
    }

    #[test]
    fn a_429_pauses_every_request_until_its_wait_is_over() {
        let mut limiter = RateLimiter::per_second(0.0);
        limiter.pause(ms(1_000), ms(2_000));
        assert_eq!(limiter.acquire(ms(1_500)), ms(1_500));
        assert_eq!(limiter.acquire(ms(2_900)), ms(100), "every request, not only the one that got the 429");
        limiter.pause(ms(3_000), ms(500));
        limiter.pause(ms(3_000), ms(100));
        assert_eq!(limiter.acquire(ms(3_000)), ms(500), "the longer pause holds");
        limiter.pause(ms(0), Duration::MAX);
        assert_eq!(limiter.acquire(ms(0)), MAX_SERVER_WAIT, "a server's wait is bounded");
        let mut bucket = RateLimiter::per_second(1.0);
        bucket.pause(ms(0), ms(300));
        assert_eq!(bucket.acquire(ms(0)), ms(300), "the longer of the pause and the bucket's wait");
        assert_eq!(bucket.acquire(ms(0)), ms(1_000));
    }

    #[test]
    fn a_burst_passes_then_requests_are_spaced_at_the_rate() {
        let mut limiter = RateLimiter::per_second(10.0);
        for _ in 0..10 {
            assert_eq!(limiter.acquire(ms(0)), Duration::ZERO);
        }
        // The 11th, 12th and 13th at the same instant wait 100, 200 and 300 ms.
        let waits: Vec<u128> = (0..3).map(|_| limiter.acquire(ms(0)).as_millis()).collect();
        assert_eq!(waits, [100, 200, 300]);
    }

    #[test]
    fn tokens_refill_over_time_up_to_the_burst() {
        let mut limiter = RateLimiter::per_second(30.0);
        for _ in 0..30 {
            limiter.acquire(ms(0));
        }
        assert!(limiter.acquire(ms(0)) > Duration::ZERO);
        // After 10 s idle only one second's worth (30) is available again, not 300.
        let free = (0..40).take_while(|_| limiter.acquire(ms(10_000)) == Duration::ZERO).count();
        assert_eq!(free, 30);
    }

    #[test]
    fn sustained_rate_matches_the_limit() {
        let mut limiter = RateLimiter::per_second(RateLimiter::POOL_GROUP_PER_SECOND);
        // 100 requests arriving at once are spread so the last goes out after 9 s (10 in the burst, then 10/s).
        let last = (0..100).map(|_| limiter.acquire(ms(0))).max().unwrap();
        assert_eq!(last, ms(9_000));
    }

    #[test]
    fn zero_or_invalid_rates_do_not_limit() {
        for rate in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let mut limiter = RateLimiter::per_second(rate);
            assert!(limiter.is_unlimited());
            assert!((0..1000).all(|_| limiter.acquire(ms(0)) == Duration::ZERO));
        }
    }

    #[test]
    fn a_clock_going_backwards_does_not_mint_tokens() {
        let mut limiter = RateLimiter::per_second(1.0);
        assert_eq!(limiter.acquire(ms(5_000)), Duration::ZERO);
        assert_eq!(limiter.acquire(ms(1_000)), ms(1_000));
    }
}
