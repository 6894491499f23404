//! `/api-docs/openapi.json` on the datapi ports: the OpenAPI document a live host publishes about itself, here the
//! vendor's files of the project's `../shared/openapi/` served byte for byte (`--openapi DIR`), so that a client's
//! drift check (the explorer's Settings page) can be run against the replica as against a live host. The files are
//! read at start-up, never parsed or edited here, and never copied into the repository. Without a folder, or
//! without the service's file, the route answers 404, as a host that publishes no spec would.

use std::path::Path;
use std::sync::Arc;
use std::{fs, io};

use axum::Router;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use serde_json::json;

/// The path a datapi host publishes its spec at.
pub const PATH: &str = "/api-docs/openapi.json";

/// The file the DLMM datapi publishes: the DLMM host's own July 2026 document.
pub const DLMM_FILE: &str = "dlmm-datapi.live.openapi.json";

/// The file the DAMM v2 datapi publishes: its docs' document (none of the DAMM v2 host's own was captured).
pub const DAMM_V2_FILE: &str = "damm-v2-datapi.openapi.json";

/// What the route answers: a document, or why there is none.
pub type Published = Result<Arc<[u8]>, String>;

/// The documents the services publish, exactly as read from disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Specs {
    /// The DLMM datapi's ([`DLMM_FILE`]).
    pub dlmm: Published,
    /// The DAMM v2 datapi's ([`DAMM_V2_FILE`]).
    pub damm_v2: Published,
}

impl Specs {
    /// Reads the services' files from `dir`; a missing folder is an error, a missing file is answered with 404.
    pub fn load(dir: &Path) -> io::Result<Self> {
        if !dir.is_dir() {
            return Err(io::Error::new(io::ErrorKind::NotFound, format!("{} is not a folder", dir.display())));
        }
        let read = |name: &str| {
            fs::read(dir.join(name)).map(Arc::from).map_err(|_| format!("{name} was not in the --openapi folder"))
        };
        Ok(Self { dlmm: read(DLMM_FILE), damm_v2: read(DAMM_V2_FILE) })
    }
}

/// What a replica started without a folder publishes: nothing.
impl Default for Specs {
    fn default() -> Self {
        let why = || Err("this replica was started without --openapi DIR: it publishes no spec".to_owned());
        Self { dlmm: why(), damm_v2: why() }
    }
}

/// The spec route: the document, or a datapi-style JSON 404 saying why there is none.
pub fn router(published: Published) -> Router {
    Router::new().route(
        PATH,
        get(move || async move {
            match published {
                Ok(body) => ([(header::CONTENT_TYPE, "application/json")], body.to_vec()).into_response(),
                Err(why) => (StatusCode::NOT_FOUND, axum::Json(json!({ "message": why }))).into_response(),
            }
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_folder_is_an_error_and_missing_files_are_none() {
        assert!(Specs::load(Path::new("/nonexistent/openapi")).is_err());
        let dir = std::env::temp_dir().join(format!("dlmm-specs-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(DAMM_V2_FILE), b"{\"openapi\": \"3.0.0\"}").unwrap();
        let specs = Specs::load(&dir).unwrap();
        assert!(specs.dlmm.unwrap_err().contains(DLMM_FILE));
        assert_eq!(specs.damm_v2.as_deref(), Ok(&b"{\"openapi\": \"3.0.0\"}"[..]), "bytes kept exactly");
        fs::remove_dir_all(&dir).unwrap();
    }
}
