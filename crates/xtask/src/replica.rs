//! Running the replica binary: in the foreground for people, or as a child process for `ci` and `demo`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::Duration;

use crate::process::{cmd, command, exec};
use crate::{Result, root};

/// How the replica binary is built: `Debug` shares the test build's dependencies; `Release` is for benchmarks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// `cargo build` (fast to build).
    Debug,
    /// `cargo build --release` (fast to run).
    Release,
}

/// Builds the replica binary and returns its path.
fn build(profile: Profile) -> Result<std::path::PathBuf> {
    let mut cargo = cmd("cargo build --quiet --package dlmm-replica --bin dlmm-replica");
    if profile == Profile::Release {
        cargo.arg("--release");
    }
    exec(&mut cargo)?;
    let dir = if profile == Profile::Release { "release" } else { "debug" };
    Ok(root().join("target").join(dir).join("dlmm-replica"))
}

/// `cargo xtask replica [ARGS]`: serves until Ctrl-C.
pub fn run_foreground(args: &[String]) -> Result {
    exec(command(build(Profile::Debug)?).args(args))
}

/// The replica's arguments that read the project's shared folder where it is there: `--real-bodies ../shared/real`
/// (the captured bodies under `/__real`) and `--openapi ../shared/openapi` (the datapi hosts' specs at
/// `/api-docs/openapi.json`, which the explorer's contract check reads).
pub fn shared_folder_args() -> Vec<String> {
    let mut args = Vec::new();
    for (flag, name) in [("--real-bodies", "real"), ("--openapi", "openapi")] {
        let dir = root().join("../shared").join(name);
        if dir.is_dir() {
            args.extend([flag.to_owned(), dir.display().to_string()]);
        }
    }
    args
}

/// A replica running as a child process; killed and reaped when dropped.
pub struct ReplicaProcess {
    child: Child,
    /// The pair group's base URL.
    pub pair_base_url: String,
    /// The pool group's base URL.
    pub pool_base_url: String,
    /// The DLMM datapi's base URL.
    pub dlmm_datapi_base_url: String,
    /// The DAMM v2 datapi's base URL.
    pub damm_v2_datapi_base_url: String,
    /// The portfolio service's base URL.
    pub portfolio_datapi_base_url: String,
}

impl ReplicaProcess {
    /// The five base URLs as the build-time variables the explorer, the examples and the tests read.
    pub fn base_url_env(&self) -> [(&'static str, &str); 5] {
        [
            ("DLMM_PAIR_BASE_URL", &self.pair_base_url),
            ("DLMM_POOL_BASE_URL", &self.pool_base_url),
            ("DLMM_DATAPI_BASE_URL", &self.dlmm_datapi_base_url),
            ("DAMM_V2_DATAPI_BASE_URL", &self.damm_v2_datapi_base_url),
            ("PORTFOLIO_DATAPI_BASE_URL", &self.portfolio_datapi_base_url),
        ]
    }

    /// Builds (debug) and starts the replica on free loopback ports, and reads the five base URLs it prints.
    pub fn start(args: &[&str]) -> Result<Self> {
        Self::start_with(Profile::Debug, args)
    }

    /// Builds the replica in `profile` and starts it on free loopback ports, on the dataset's own clock (the same
    /// data every run, which tests and benchmarks compare against) unless `args` choose one (`--clock`).
    pub fn start_with(profile: Profile, args: &[&str]) -> Result<Self> {
        let clock: &[&str] = if args.contains(&"--clock") { &[] } else { &["--clock", "snapshot"] };
        let mut child = command(build(profile)?)
            .args(["--pair-port", "0", "--pool-port", "0", "--dlmm-datapi-port", "0", "--damm-v2-datapi-port", "0"])
            .args(["--portfolio-datapi-port", "0"])
            .args(clock)
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
        let urls = next_url("pair base URL: ").and_then(|pair| {
            Ok((
                pair,
                next_url("pool base URL: ")?,
                next_url("dlmm datapi base URL: ")?,
                next_url("damm v2 datapi base URL: ")?,
                next_url("portfolio datapi base URL: ")?,
            ))
        });
        let (pair_base_url, pool_base_url, dlmm_datapi_base_url, damm_v2_datapi_base_url, portfolio_datapi_base_url) =
            match urls {
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
        Ok(Self {
            child,
            pair_base_url,
            pool_base_url,
            dlmm_datapi_base_url,
            damm_v2_datapi_base_url,
            portfolio_datapi_base_url,
        })
    }

    /// GETs `path` from the pair API and parses the JSON body (for `/__replica/samples`).
    pub fn pair_json(&self, path: &str) -> Result<serde_json::Value> {
        let mut connection = HttpConnection::open(&self.pair_base_url)?;
        let (status, body) = connection.get(path).map_err(|e| format!("cannot GET {path} from the replica: {e}"))?;
        if status != 200 {
            return Err(format!("the replica answered {status} to {path}"));
        }
        serde_json::from_slice(&body).map_err(|e| format!("the replica sent invalid JSON for {path}: {e}"))
    }

    /// The replica's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

/// A minimal HTTP/1.1 keep-alive client for loopback (samples and load generation; no TLS, no compression).
pub struct HttpConnection {
    authority: String,
    reader: BufReader<TcpStream>,
}

impl HttpConnection {
    /// Connects to the host of `base_url` (`http://host:port`).
    pub fn open(base_url: &str) -> Result<Self> {
        let authority = base_url.trim_start_matches("http://").trim_end_matches('/').to_owned();
        let stream = TcpStream::connect(&authority).map_err(|e| format!("cannot connect to {authority}: {e}"))?;
        stream.set_read_timeout(Some(Duration::from_secs(60))).map_err(|e| e.to_string())?;
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
        Ok(Self { authority, reader: BufReader::new(stream) })
    }

    /// Sends `GET path` and reads the whole response: status and body (content-length or chunked).
    pub fn get(&mut self, path: &str) -> std::io::Result<(u16, Vec<u8>)> {
        let mut body = Vec::new();
        let status = self.get_into(path, &mut |chunk| body.extend_from_slice(chunk))?;
        Ok((status, body))
    }

    /// Sends `GET path` and hands each piece of the body to `sink` as it arrives; returns the status.
    pub fn get_into(&mut self, path: &str, sink: &mut dyn FnMut(&[u8])) -> std::io::Result<u16> {
        use std::io::{Error, ErrorKind};
        write!(self.reader.get_mut(), "GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n", self.authority)?;
        let mut line = String::new();
        self.reader.read_line(&mut line)?;
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| Error::new(ErrorKind::InvalidData, format!("bad status line {line:?}")))?;
        let (mut length, mut chunked) = (None, false);
        loop {
            line.clear();
            self.reader.read_line(&mut line)?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            let (name, value) = header.split_once(':').unwrap_or((header, ""));
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse::<usize>().ok();
            } else if name.eq_ignore_ascii_case("transfer-encoding") && value.to_ascii_lowercase().contains("chunked") {
                chunked = true;
            }
        }
        let mut buffer = vec![0u8; 64 * 1024];
        if chunked {
            loop {
                line.clear();
                self.reader.read_line(&mut line)?;
                let size = usize::from_str_radix(line.trim(), 16)
                    .map_err(|_| Error::new(ErrorKind::InvalidData, format!("bad chunk size {line:?}")))?;
                if size == 0 {
                    line.clear();
                    self.reader.read_line(&mut line)?;
                    break;
                }
                self.read_exact_into(size, &mut buffer, sink)?;
                line.clear();
                self.reader.read_line(&mut line)?;
            }
        } else {
            self.read_exact_into(length.unwrap_or(0), &mut buffer, sink)?;
        }
        Ok(status)
    }

    fn read_exact_into(
        &mut self,
        mut left: usize,
        buffer: &mut [u8],
        sink: &mut dyn FnMut(&[u8]),
    ) -> std::io::Result<()> {
        while left > 0 {
            let n = left.min(buffer.len());
            self.reader.read_exact(&mut buffer[..n])?;
            sink(&buffer[..n]);
            left -= n;
        }
        Ok(())
    }
}

impl Drop for ReplicaProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
