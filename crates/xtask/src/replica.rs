//! Running the replica binary: in the foreground for people, or as a child process for `ci` and `demo`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::Duration;

use crate::process::{command, exec};
use crate::{Result, root};

/// Builds the replica binary (debug profile: it shares the test build's dependencies).
fn build() -> Result {
    exec(command("cargo").args(["build", "--quiet", "--package", "dlmm-replica", "--bin", "dlmm-replica"]))
}

/// `cargo xtask replica [ARGS]`: serves until Ctrl-C.
pub fn run_foreground(args: &[String]) -> Result {
    build()?;
    exec(command(root().join("target/debug/dlmm-replica")).args(args))
}

/// A replica running as a child process; killed and reaped when dropped.
pub struct ReplicaProcess {
    child: Child,
    /// The pair group's base URL.
    pub pair_base_url: String,
    /// The pool group's base URL.
    pub pool_base_url: String,
}

impl ReplicaProcess {
    /// Builds and starts the replica on free loopback ports, and reads the two base URLs it prints.
    pub fn start(args: &[&str]) -> Result<Self> {
        build()?;
        let mut child = command(root().join("target/debug/dlmm-replica"))
            .args(["--pair-port", "0", "--pool-port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start the replica: {e}"))?;
        let mut lines = BufReader::new(child.stdout.take().expect("piped")).lines();
        let mut next_url = |label: &str| -> Result<String> {
            let line = lines.next().and_then(|l| l.ok()).unwrap_or_default();
            line.strip_prefix(label)
                .map(str::to_owned)
                .ok_or_else(|| format!("the replica printed {line:?} instead of {label:?}…"))
        };
        let urls = next_url("pair base URL: ").and_then(|pair| Ok((pair, next_url("pool base URL: ")?)));
        let (pair_base_url, pool_base_url) = match urls {
            Ok(urls) => urls,
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(e);
            }
        };
        // Keep draining its output (request logs) so the replica never blocks or fails on a closed pipe.
        std::thread::spawn(move || {
            for line in lines.map_while(std::result::Result::ok) {
                println!("replica: {line}");
            }
        });
        Ok(Self { child, pair_base_url, pool_base_url })
    }

    /// GETs `path` from the pair API and parses the JSON body (for `/__replica/samples`).
    pub fn pair_json(&self, path: &str) -> Result<serde_json::Value> {
        let authority = self.pair_base_url.trim_start_matches("http://");
        let mut stream = TcpStream::connect(authority).map_err(|e| format!("cannot reach the replica: {e}"))?;
        stream.set_read_timeout(Some(Duration::from_secs(10))).map_err(|e| e.to_string())?;
        write!(stream, "GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n")
            .map_err(|e| e.to_string())?;
        let mut response = Vec::new();
        stream.read_to_end(&mut response).map_err(|e| e.to_string())?;
        let split = response.windows(4).position(|w| w == b"\r\n\r\n").ok_or("the replica sent no HTTP body")?;
        serde_json::from_slice(&response[split + 4..]).map_err(|e| format!("the replica sent invalid JSON: {e}"))
    }
}

impl Drop for ReplicaProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
