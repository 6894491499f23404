// Benchmark of the SDK in headless Chromium: `/pair/all` through the SDK versus plain `fetch().json()`.
//
//   DLMM_PAIR_BASE_URL_20K=…  DLMM_PAIR_BASE_URL_120K=…  PKG_DIR=pkg  node tests/bench/sdk.mjs
//
// The two replicas run with `--pairs 20000` and `--pairs 120000`. One page, served with pkg/ from a tiny static
// server, runs every case; each figure is the median of 5 rounds in which the cases alternate (so load changes hit
// them alike). Memory is `performance.memory.usedJSHeapSize` after forced gcs (and the sweeping after them) while
// the result is still held, minus the same figure before the run (JS heap only; the WebAssembly memory the SDK grew
// to is reported separately: it is reused by later calls but never given back to the OS).
// Cases: exact decode (`client.all()`) vs `fetch(url).then(r => r.json())` (amounts lose precision above 2^53), and
// filtering while decoding (`client.all({ minTvl })`) vs `fetch` + `JSON.parse` + `filter`. Env: BENCH_RUNS (5),
// BENCH_MIN_TVL (1000), CHROMIUM (/usr/bin/chromium).
import { createServer } from "node:http";
import { readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { extname, join, resolve } from "node:path";
import { chromium } from "playwright-core";

const pkgDir = resolve(process.env.PKG_DIR ?? "pkg");
const targets = [
  ["20k", process.env.DLMM_PAIR_BASE_URL_20K],
  ["120k", process.env.DLMM_PAIR_BASE_URL_120K],
].filter(([, url]) => url);
if (targets.length === 0) {
  console.error("set DLMM_PAIR_BASE_URL_20K and/or DLMM_PAIR_BASE_URL_120K (replicas with --pairs 20000 / 120000)");
  process.exit(2);
}
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MIN_TVL = Number(process.env.BENCH_MIN_TVL ?? 1000);

const wasmPath = join(pkgDir, "dlmm_query_wasm_bg.wasm");
const wasmBytes = readFileSync(wasmPath);
const gzipBytes = gzipSync(wasmBytes, { level: 9 }).length;

const page = `<!doctype html><meta charset="utf-8"><title>sdk bench</title><script type="module">
  import init, { createClient } from "/dlmm_query_wasm.js";
  const exports = await init({ module_or_path: "/dlmm_query_wasm_bg.wasm" });
  window.wasmMemory = () => exports.memory.buffer.byteLength;
  window.createClient = createClient;
  window.ready = true;
</script>`;
const types = { ".js": "text/javascript", ".wasm": "application/wasm", ".html": "text/html", ".json": "application/json" };
const server = createServer((req, res) => {
  const path = new URL(req.url, "http://x").pathname;
  if (path === "/") {
    res.writeHead(200, { "content-type": "text/html" }).end(page);
    return;
  }
  const file = join(pkgDir, path.replace(/^\/+/, ""));
  if (!file.startsWith(pkgDir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--enable-precise-memory-info",
    "--js-flags=--expose-gc"],
});
const tab = await browser.newPage();
tab.on("pageerror", (e) => console.error("page error:", e));
await tab.goto(`${origin}/`);
await tab.waitForFunction(() => window.ready === true, null, { timeout: 60_000 });

/** One timed run of `mode` in the page: time (ms), JS heap held by the result (bytes), item count. */
async function once(base, mode) {
  return tab.evaluate(async ({ base, mode, minTvl }) => {
    const client = (window.clients ??= {})[base] ??= window.createClient({ pairBaseUrl: base, timeoutMs: 0, retry: false, rateLimit: false });
    const url = `${base}/pair/all`;
    const modes = {
      sdk: () => client.all(),
      plain: () => fetch(url).then((r) => r.json()),
      sdkFiltered: () => client.all({ minTvl }),
      plainFiltered: () => fetch(url).then((r) => r.json()).then((ps) => ps.filter((p) => Number(p.liquidity) >= minTvl)),
    };
    // Full gcs with pauses between: V8 frees ArrayBuffer backing stores (a fetched body) concurrently after a gc, and
    // counts them in usedJSHeapSize until then, so a single gc() would charge a just-read body to the result.
    const settle = async () => {
      for (let i = 0; i < 4; i++) {
        gc();
        await new Promise((r) => setTimeout(r, 150));
      }
    };
    await settle();
    const before = performance.memory.usedJSHeapSize;
    const t0 = performance.now();
    let result = await modes[mode]();
    const ms = performance.now() - t0;
    await settle();
    const heap = performance.memory.usedJSHeapSize - before;
    const count = result.length;
    result = null;
    return { ms, heap, count, wasmMemory: window.wasmMemory() };
  }, { base, mode, minTvl: MIN_TVL });
}

/** Medians over RUNS rounds; the modes alternate within each round so that load changes hit them alike. */
async function measureAll(base, modes) {
  for (const mode of modes) await once(base, mode); // warm-up: compiles, grows the WebAssembly memory once
  const runs = Object.fromEntries(modes.map((m) => [m, []]));
  for (let i = 0; i < RUNS; i++) for (const mode of modes) runs[mode].push(await once(base, mode));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return Object.fromEntries(modes.map((m) => [m, {
    ms: median(runs[m].map((r) => r.ms)),
    heap: median(runs[m].map((r) => r.heap)),
    count: runs[m][0].count,
    wasmMemory: runs[m].at(-1).wasmMemory,
  }]));
}

const mb = (b) => `${(b / 1048576).toFixed(1)} MB`;
const rows = [];
console.log(`sdk bench: ${RUNS} rounds, modes alternating, medians; Chromium headless; pkg ${pkgDir}`);
console.log(`wasm: ${wasmBytes.length} bytes raw, ${gzipBytes} bytes gzip -9 (${(gzipBytes / 1024).toFixed(1)} KiB)`);
for (const [label, base] of targets) {
  const r = await measureAll(base, ["plain", "sdk", "plainFiltered", "sdkFiltered"]);
  const [plain, sdk, plainF, sdkF] = [r.plain, r.sdk, r.plainFiltered, r.sdkFiltered];
  const line = (name, r, ref) =>
    `  ${name.padEnd(34)} ${r.ms.toFixed(0).padStart(6)} ms  heap ${mb(r.heap).padStart(9)}  ` +
    `${String(r.count).padStart(6)} items` + (ref ? `  time ×${(r.ms / ref.ms).toFixed(2)}  heap ×${(r.heap / ref.heap).toFixed(2)}` : "");
  console.log(`/pair/all, ${label} pairs:`);
  console.log(line("fetch + r.json()", plain));
  console.log(line("client.all() (exact, bigint)", sdk, plain));
  console.log(line(`fetch + json + filter(tvl>=${MIN_TVL})`, plainF));
  console.log(line(`client.all({ minTvl: ${MIN_TVL} })`, sdkF, plainF));
  console.log(`  WebAssembly memory after the runs: ${mb(sdkF.wasmMemory)}`);
  rows.push({ label, plain, sdk, plainF, sdkF });
}
console.log("summary (ratios to the plain equivalent; goals: exact ≤ 1.3× time, filtered < 1× time and heap, ≤ 100 KiB gzip):");
for (const { label, plain, sdk, plainF, sdkF } of rows) {
  console.log(`  ${label}: all() time ×${(sdk.ms / plain.ms).toFixed(2)} heap ×${(sdk.heap / plain.heap).toFixed(2)}; ` +
    `all({minTvl}) time ×${(sdkF.ms / plainF.ms).toFixed(2)} heap ×${(sdkF.heap / plainF.heap).toFixed(2)}`);
}
await browser.close();
server.close();
