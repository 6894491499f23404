//! `/__real/…` on the DLMM datapi: the real datapi bodies captured from the live service (the project's
//! `../shared/real/`), served byte for byte at the routes they answer, so that clients in a browser can be tested on
//! them exactly as the live service sent them. The bodies are never parsed here, let alone edited, and never copied
//! into the repository: the folder is read at start-up (`--real-bodies DIR`).

use std::path::Path;
use std::sync::Arc;
use std::{fs, io};

use axum::Router;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::json;

/// The captured bodies and the file each comes from, in route order: `/pools`, `/pools/{address}`,
/// `/pools/{address}/ohlcv`, `/pools/{address}/volume/history`.
pub const FILES: [&str; 4] =
    ["datapi-pools-page.json", "datapi-pool.json", "datapi-pool-ohlcv-24h.json", "datapi-pool-volume-history-24h.json"];

/// The captured bodies, exactly as read from disk.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RealBodies {
    /// The bodies of [`FILES`], in the same order (`None` where the file is absent).
    bodies: [Option<Arc<[u8]>>; 4],
}

impl RealBodies {
    /// Reads the bodies of [`FILES`] from `dir`; a missing folder is an error, a missing file is served as 404.
    pub fn load(dir: &Path) -> io::Result<Self> {
        if !dir.is_dir() {
            return Err(io::Error::new(io::ErrorKind::NotFound, format!("{} is not a folder", dir.display())));
        }
        let mut bodies: [Option<Arc<[u8]>>; 4] = Default::default();
        for (slot, name) in bodies.iter_mut().zip(FILES) {
            *slot = fs::read(dir.join(name)).ok().map(Arc::from);
        }
        Ok(Self { bodies })
    }
}

/// The `/__real` routes (nest them under `/__real`): each answers its captured body, or a JSON 404 saying why not.
pub fn router(bodies: Option<Arc<RealBodies>>) -> Router {
    let serve = move |index: usize| {
        let bodies = bodies.clone();
        get(move || async move {
            match bodies.as_deref() {
                None => missing("the replica was started without --real-bodies DIR"),
                Some(real) => match &real.bodies[index] {
                    None => missing(&format!("{} was not in the --real-bodies folder", FILES[index])),
                    Some(body) => ([(header::CONTENT_TYPE, "application/json")], body.to_vec()).into_response(),
                },
            }
        })
    };
    Router::new()
        .route("/pools", serve(0))
        .route("/pools/{address}", serve(1))
        .route("/pools/{address}/ohlcv", serve(2))
        .route("/pools/{address}/volume/history", serve(3))
}

fn missing(why: &str) -> Response {
    (StatusCode::NOT_FOUND, axum::Json(json!({ "message": why }))).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_folder_is_an_error_and_missing_files_are_none() {
        assert!(RealBodies::load(Path::new("/nonexistent/real")).is_err());
        let dir = std::env::temp_dir().join(format!("dlmm-real-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(FILES[1]), b"{\"a\": 1.50}").unwrap();
        let real = RealBodies::load(&dir).unwrap();
        assert_eq!(real.bodies.iter().flatten().count(), 1);
        assert_eq!(real.bodies[1].as_deref(), Some(&b"{\"a\": 1.50}"[..]), "bytes kept exactly");
        fs::remove_dir_all(&dir).unwrap();
    }
}
