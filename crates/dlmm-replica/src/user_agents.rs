//! Which clients called a port: the `User-Agent` of its recent requests (field reports say the live hosts refuse
//! clients without one), kept for tests and listed at `GET /__replica/user-agents`, most recent first.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::{Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::Response;

/// How many distinct user agents a port keeps.
const KEPT: usize = 16;
/// The longest user agent kept, in bytes (a longer one is cut).
const MAX_LEN: usize = 256;
/// What a request without a `User-Agent` is recorded as.
pub const NONE: &str = "(none)";

/// The distinct user agents of a port's recent requests, most recent first.
#[derive(Debug, Default)]
pub struct UserAgents {
    seen: Mutex<VecDeque<String>>,
}

impl UserAgents {
    /// Records `agent` (or [`NONE`]) as the most recent.
    fn record(&self, agent: Option<&str>) {
        let mut agent = agent.unwrap_or(NONE).to_owned();
        if agent.len() > MAX_LEN {
            let cut = (0..=MAX_LEN).rev().find(|i| agent.is_char_boundary(*i)).unwrap_or(0);
            agent.truncate(cut);
        }
        let mut seen = self.seen.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        seen.retain(|known| *known != agent);
        seen.push_front(agent);
        seen.truncate(KEPT);
    }

    /// The user agents seen, most recent first.
    pub fn list(&self) -> Vec<String> {
        self.seen.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).iter().cloned().collect()
    }
}

/// The layer: records each request's `User-Agent`, except the replica's own `/__replica/…` routes.
pub async fn record(State(agents): State<Arc<UserAgents>>, request: Request, next: Next) -> Response {
    if !request.uri().path().starts_with("/__replica/") {
        let agent =
            request.headers().get(header::USER_AGENT).map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
        agents.record(agent.as_deref());
    }
    next.run(request).await
}

/// `GET /__replica/user-agents`.
pub async fn list(State(agents): State<Arc<UserAgents>>) -> Json<Vec<String>> {
    Json(agents.list())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_recent_distinct_agents_bounded() {
        let agents = UserAgents::default();
        for k in 0..40 {
            agents.record(Some(&format!("client/{}", k % 20)));
        }
        agents.record(None);
        agents.record(Some(&"é".repeat(200)));
        let list = agents.list();
        assert_eq!(list.len(), KEPT);
        assert!(list[0].len() <= MAX_LEN && list[0].starts_with('é'), "cut on a character boundary");
        assert_eq!((list[1].as_str(), list[2].as_str()), (NONE, "client/19"));
    }
}
