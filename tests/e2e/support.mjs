// Shared helpers of the end-to-end tests: a static server for dist/, a replica in a special mode, and a headless
// Chromium from Debian.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { readFile, stat, mkdir } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
};

/**
 * Answers `req` by relaying it when its path starts with one of the prefixes of `relays` (prefix → base URL), as a
 * static host's rewrite rule or an nginx `proxy_pass` would: status, body and the headers a client reads (type,
 * `Retry-After`, `x-ratelimit-*`) passed on. Whether it did.
 */
export async function relay(req, res, relays) {
  const found = Object.entries(relays).find(([prefix]) => req.url.startsWith(prefix));
  if (!found) return false;
  const [prefix, base] = found;
  const answer = await fetch(`${base}/${req.url.slice(prefix.length)}`, { headers: { "user-agent": req.headers["user-agent"] ?? "" } });
  const passed = ["content-type", "retry-after", "x-ratelimit-remaining", "x-ratelimit-reset"];
  res.writeHead(answer.status, Object.fromEntries(passed.filter((h) => answer.headers.has(h)).map((h) => [h, answer.headers.get(h)])));
  res.end(Buffer.from(await answer.arrayBuffer()));
  return true;
}

/**
 * Serves `dir` on a free loopback port; unknown paths get index.html (client-side routing). `relays` maps path
 * prefixes (`/api/dlmm/`) to the base URLs they relay to ([`relay`]).
 */
export async function serveDist(dir, relays = {}) {
  const root = resolve(dir);
  const cache = new Map(); // path → bytes: files are read once, as a static host would serve them from memory
  const load = (file) => {
    if (!cache.has(file)) cache.set(file, readFile(file));
    return cache.get(file);
  };
  const server = createServer(async (req, res) => {
    if (await relay(req, res, relays)) return;
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    let file = join(root, path);
    if (!file.startsWith(root) || !(await stat(file).then((s) => s.isFile(), () => false))) {
      file = join(root, "index.html");
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(await load(file));
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((ok) => server.close(ok)) };
}

/** Starts Debian's Chromium headless, with nothing that reaches outside this machine. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/** A new page that records every uncaught error and console error. */
export async function openPage(browser, options = {}) {
  const page = await browser.newPage(options);
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && page.errors.push(m.text()));
  return page;
}

/** Saves a full-page screenshot as test-output/e2e/NAME.png. */
export async function screenshot(page, name) {
  const dir = resolve(import.meta.dirname, "../../test-output/e2e");
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** The explorer's formats, written independently of the Rust code they check. */
export const format = {
  usd: (v) => `${v < 0 ? "-" : ""}$${Math.abs(v).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  percent: (v) => `${v.toFixed(4)} %`,
  /** A figure card's compact dollars: `$28.30M`, two decimals with K, M, B or T from a thousand up. */
  compactUsd: (v) => {
    const abs = Math.abs(v);
    const [size, suffix] = [[1e12, "T"], [1e9, "B"], [1e6, "M"], [1e3, "K"]].find(([s]) => abs >= s) ?? [1, ""];
    return `${v < 0 ? "-" : ""}$${(abs / size).toFixed(2)}${suffix}`;
  },
  unixTime: (s) => new Date(s * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC"),
};

/**
 * Starts the replica on free ports with 200 pairs and `flags` (e.g. `--hostile-names`): the debug binary, or
 * `cargo run` when it is missing. Resolves to `{ pair, pool, dlmmDatapi, dammV2Datapi, portfolioDatapi, stop }` (the
 * five base URLs).
 */
export async function startReplica(...flags) {
  const root = resolve(import.meta.dirname, "../..");
  const bin = process.env.DLMM_REPLICA_BIN ?? resolve(root, "target/debug/dlmm-replica");
  const [cmd, args] = existsSync(bin)
    ? [bin, []]
    : ["cargo", ["run", "--quiet", "--package", "dlmm-replica", "--bin", "dlmm-replica", "--"]];
  // The dataset's own clock: the same data every run, as the shared replica of `cargo xtask ci`.
  const child = spawn(cmd, [...args, "--pair-port", "0", "--pool-port", "0", "--pairs", "200", "--clock", "snapshot", ...flags], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const urls = {};
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const m = line.match(/^(pair|pool|dlmm datapi|damm v2 datapi|portfolio datapi) base URL: (\S+)$/);
    const names = { "dlmm datapi": "dlmmDatapi", "damm v2 datapi": "dammV2Datapi", "portfolio datapi": "portfolioDatapi" };
    if (m) urls[names[m[1]] ?? m[1]] = m[2];
    if (urls.pair && urls.pool && urls.dlmmDatapi && urls.dammV2Datapi && urls.portfolioDatapi) break;
  }
  if (!(urls.pair && urls.pool && urls.dlmmDatapi && urls.dammV2Datapi)) throw new Error(`the replica (${flags.join(" ")}) did not start`);
  // Keep reading its output so it never blocks on a full pipe.
  lines.on("line", () => {});
  return { ...urls, stop: () => child.kill() };
}

/** Saves full-page screenshots of the current page in both themes: test-output/e2e/NAME-light.png and NAME-dark.png. */
export async function screenshotThemes(page, name) {
  const before = await page.evaluate(() => document.documentElement.getAttribute("data-theme"));
  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
    await screenshot(page, `${name}-${theme}`);
  }
  await page.evaluate((t) => (t ? document.documentElement.setAttribute("data-theme", t) : null), before);
}

/**
 * Clicks the download button `format` (`csv` or `json`) of the downloads row `testid` and reads the file the browser
 * saved: `{ name, text }`.
 */
export async function download(page, testid, format) {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.click(`[data-testid="${testid}"] button[data-format="${format}"]`),
  ]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), "utf8") };
}

/**
 * Reads a downloaded CSV as RFC 4180 describes it, written here independently of the explorer's writer: its leading
 * `# key: value` lines as an object, its header, and one object per row keyed by the header.
 */
export function parseCsv(text) {
  const provenance = {};
  let at = 0;
  while (text.startsWith("# ", at)) {
    const end = text.indexOf("\r\n", at);
    const line = text.slice(at + 2, end);
    const colon = line.indexOf(": ");
    provenance[line.slice(0, colon)] = line.slice(colon + 2);
    at = end + 2;
  }
  const records = [];
  let record = [];
  let cell = "";
  let quoted = false;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") record.push(cell), (cell = "");
    else if (c === "\r" && text[i + 1] === "\n") record.push(cell), records.push(record), (record = []), (cell = ""), i++;
    else cell += c;
  }
  const [header, ...rows] = records;
  return { provenance, header, rows: rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) };
}
