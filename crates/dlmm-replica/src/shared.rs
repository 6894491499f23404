//! The project's shared folder (`../shared` beside the checkout): the vendor's OpenAPI documents and the real bodies
//! captured from its hosts, which tests read in place and the repository never copies.
//!
//! A test that needs a file of it skips, saying so, where the folder is absent, except under `CI=true`, where an absent
//! shared folder fails the test: CI always has it, so its absence there is a broken checkout, not a reason to skip.

use std::path::{Path, PathBuf};

/// The shared folder's subfolder `name` (`openapi`, `real`).
pub fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared").join(name)
}

/// Whether the test that needs `path` (in the shared folder) is to be skipped, `path` being absent: `false` when it
/// is there; `true`, after printing a `SKIPPED:` line naming it and `needed_by`, when it is not. Panics instead under
/// `CI=true` (any value but empty, `false` or `0`).
pub fn absent(path: &Path, needed_by: &str) -> bool {
    if path.exists() {
        return false;
    }
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    assert!(!ci, "{} is absent, and CI=true: {needed_by} needs the shared folder", path.display());
    eprintln!("SKIPPED: {} is absent; {needed_by} needs the shared folder", path.display());
    true
}
