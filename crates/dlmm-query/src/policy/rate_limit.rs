//! A client-side token bucket, so a busy program stays under the server's documented rate.

use std::time::Duration;

use crate::error::InvalidInput;

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
        Self { rate: per_second, burst, tokens: burst, last: None }
    }

    /// True when the limiter never makes anyone wait.
    pub fn is_unlimited(&self) -> bool {
        !self.burst.is_finite()
    }

    /// Reserves one request at time `now` (any monotonic clock) and returns how long to wait before sending it.
    pub fn acquire(&mut self, now: Duration) -> Duration {
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
