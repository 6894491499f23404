//! Pure policies the [`Client`](crate::Client) applies: when to retry, how fast to send, how to walk pages.
//!
//! Each is a plain state machine that takes the time (and, for jitter, a random number) as input, so it is tested
//! with tables and no network or clock.

mod pages;
mod rate_limit;
mod retry;

pub use pages::{MAX_PAGES, PageStep, PageWalker};
pub use rate_limit::{MAX_SERVER_WAIT, RateLimiter, ServerBudget};
pub use retry::{Failed, RetryDecision, RetryPolicy};
