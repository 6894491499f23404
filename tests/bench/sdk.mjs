// Benchmark of the SDK in headless Chromium: `/pair/all` through the SDK versus plain `fetch().json()`, and the datapi
// client's `dlmm.pools()` walk over 120,000 pools versus a plain `fetch` loop over the same pages.
//
//   DLMM_PAIR_BASE_URL_20K=…  DLMM_PAIR_BASE_URL_120K=…  DLMM_DATAPI_BASE_URL_120K=…  PKG_DIR=pkg  node tests/bench/sdk.mjs
//
// The two replicas run with `--pairs 20000` and `--pairs 120000`. One page, served with pkg/ from a tiny static
// server, runs every case; each figure is the median of 5 rounds in which the cases alternate (so load changes hit
// them alike). Memory is `performance.memory.usedJSHeapSize` after forced gcs (and the sweeping after them) while
// the result is still held, minus the same figure before the run (JS heap only; the WebAssembly memory the SDK grew
// to is reported separately: it is reused by later calls but never given back to the OS).
// Cases: exact decode (`client.all()`) vs `fetch(url).then(r => r.json())` (amounts lose precision above 2^53), and
// filtering while decoding (`client.all({ minTvl })`) vs `fetch` + `JSON.parse` + `filter`.
// Datapi: every `/pools` page of 1,000 is fetched once from DLMM_DATAPI_BASE_URL_120K (a replica with
// `--pairs 120000`) and served from memory by this script (with CORS), so both cases measure client work, not the
// replica: `for await (const pool of client.dlmm.pools({ pageSize: 1000 }))` (exact token amounts as text, numbers
// checked) vs `fetch(page).then(r => r.json())` page after page; both keep every pool in one array.
// Env: BENCH_RUNS (5), BENCH_MIN_TVL (1000), CHROMIUM (/usr/bin/chromium).
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
const datapiSource = process.env.DLMM_DATAPI_BASE_URL_120K;
if (targets.length === 0 && !datapiSource) {
  console.error("set DLMM_PAIR_BASE_URL_20K, DLMM_PAIR_BASE_URL_120K and/or DLMM_DATAPI_BASE_URL_120K " +
    "(replicas with --pairs 20000 / 120000)");
  process.exit(2);
}
const DATAPI_PAGE_SIZE = 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MIN_TVL = Number(process.env.BENCH_MIN_TVL ?? 1000);

const wasmPath = join(pkgDir, "dlmm_query_wasm_bg.wasm");
const wasmBytes = readFileSync(wasmPath);
const gzipBytes = gzipSync(wasmBytes, { level: 9 }).length;

const page = `<!doctype html><meta charset="utf-8"><title>sdk bench</title><script type="module">
  import init, { createClient, createDatapiClient } from "/dlmm_query_wasm.js";
  const exports = await init({ module_or_path: "/dlmm_query_wasm_bg.wasm" });
  window.wasmMemory = () => exports.memory.buffer.byteLength;
  window.createClient = createClient;
  window.createDatapiClient = createDatapiClient;
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

/** Every `/pools` page of the datapi replica, fetched once and then served from memory (with CORS). */
async function datapiPages(source) {
  const pages = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${source}/pools?page=${page}&page_size=${DATAPI_PAGE_SIZE}`);
    if (!response.ok) throw new Error(`${source}/pools page ${page}: HTTP ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    pages.push(body);
    if (page >= JSON.parse(body).pages) break;
  }
  const pools = JSON.parse(pages[0]).total;
  const standIn = createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    const page = Number(url.searchParams.get("page") ?? 1);
    const headers = { "access-control-allow-origin": "*", "access-control-allow-headers": "*" };
    if (req.method === "OPTIONS") return res.writeHead(204, headers).end();
    if (url.pathname !== "/pools" || url.searchParams.get("page_size") !== String(DATAPI_PAGE_SIZE) || !pages[page - 1]) {
      return res.writeHead(400, { ...headers, "content-type": "text/plain" }).end(`not served: ${req.url}`);
    }
    res.writeHead(200, { ...headers, "content-type": "application/json" }).end(pages[page - 1]);
  });
  await new Promise((ok) => standIn.listen(0, "127.0.0.1", ok));
  const bytes = pages.reduce((n, b) => n + b.length, 0);
  return { url: `http://127.0.0.1:${standIn.address().port}`, pages: pages.length, pools, bytes, close: () => standIn.close() };
}

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
  return tab.evaluate(async ({ base, mode, minTvl, pageSize }) => {
    const client = () =>
      (window.clients ??= {})[base] ??= window.createClient({ pairBaseUrl: base, timeoutMs: 0, retry: false, rateLimit: false });
    const datapi = () =>
      (window.datapiClients ??= {})[base] ??= window.createDatapiClient({ dlmmBaseUrl: base, timeoutMs: 0, retry: false, rateLimit: false });
    const url = `${base}/pair/all`;
    const modes = {
      sdk: () => client().all(),
      plain: () => fetch(url).then((r) => r.json()),
      sdkFiltered: () => client().all({ minTvl }),
      plainFiltered: () => fetch(url).then((r) => r.json()).then((ps) => ps.filter((p) => Number(p.liquidity) >= minTvl)),
      // `for await` over the iterator, written out (the raw module's iterators are not registered as async iterables).
      datapiSdk: async () => {
        const pools = [];
        const it = datapi().dlmm.pools({ pageSize: pageSize });
        for (let step = await it.next(); !step.done; step = await it.next()) pools.push(step.value);
        return pools;
      },
      datapiPlain: async () => {
        const pools = [];
        for (let page = 1; ; page++) {
          const body = await fetch(`${base}/pools?page=${page}&page_size=${pageSize}`).then((r) => r.json());
          for (const pool of body.data) pools.push(pool);
          if (page >= body.pages) return pools;
        }
      },
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
  }, { base, mode, minTvl: MIN_TVL, pageSize: DATAPI_PAGE_SIZE });
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
const line = (name, r, ref) =>
  `  ${name.padEnd(34)} ${r.ms.toFixed(0).padStart(6)} ms  heap ${mb(r.heap).padStart(9)}  ` +
  `${String(r.count).padStart(6)} items` + (ref ? `  time ×${(r.ms / ref.ms).toFixed(2)}  heap ×${(r.heap / ref.heap).toFixed(2)}` : "");
const rows = [];
console.log(`sdk bench: ${RUNS} rounds, modes alternating, medians; Chromium headless; pkg ${pkgDir}`);
console.log(`wasm: ${wasmBytes.length} bytes raw, ${gzipBytes} bytes gzip -9 (${(gzipBytes / 1024).toFixed(1)} KiB)`);
for (const [label, base] of targets) {
  const r = await measureAll(base, ["plain", "sdk", "plainFiltered", "sdkFiltered"]);
  const [plain, sdk, plainF, sdkF] = [r.plain, r.sdk, r.plainFiltered, r.sdkFiltered];
  console.log(`/pair/all, ${label} pairs:`);
  console.log(line("fetch + r.json()", plain));
  console.log(line("client.all() (exact, bigint)", sdk, plain));
  console.log(line(`fetch + json + filter(tvl>=${MIN_TVL})`, plainF));
  console.log(line(`client.all({ minTvl: ${MIN_TVL} })`, sdkF, plainF));
  console.log(`  WebAssembly memory after the runs: ${mb(sdkF.wasmMemory)}`);
  rows.push({ label, plain, sdk, plainF, sdkF });
}
let datapiRow;
if (datapiSource) {
  const source = await datapiPages(datapiSource);
  console.log(`datapi /pools: ${source.pools} pools in ${source.pages} pages of ${DATAPI_PAGE_SIZE} ` +
    `(${mb(source.bytes)} of JSON, served from memory by this script)`);
  const r = await measureAll(source.url, ["datapiPlain", "datapiSdk"]);
  console.log(line("fetch loop + r.json()", r.datapiPlain));
  console.log(line("for await dlmm.pools() (exact)", r.datapiSdk, r.datapiPlain));
  console.log(`  WebAssembly memory after the runs: ${mb(r.datapiSdk.wasmMemory)}`);
  if (r.datapiSdk.count !== source.pools || r.datapiPlain.count !== source.pools) {
    console.error(`datapi: the walks read ${r.datapiSdk.count} and ${r.datapiPlain.count} pools, not ${source.pools}`);
    process.exitCode = 1;
  }
  datapiRow = r;
  source.close();
}
console.log("summary (ratios to the plain equivalent; goals: exact ≤ 1.3× time, filtered < 1× time and heap, ≤ 100 KiB gzip):");
for (const { label, plain, sdk, plainF, sdkF } of rows) {
  console.log(`  ${label}: all() time ×${(sdk.ms / plain.ms).toFixed(2)} heap ×${(sdk.heap / plain.heap).toFixed(2)}; ` +
    `all({minTvl}) time ×${(sdkF.ms / plainF.ms).toFixed(2)} heap ×${(sdkF.heap / plainF.heap).toFixed(2)}`);
}
if (datapiRow) {
  const { datapiSdk: sdk, datapiPlain: plain } = datapiRow;
  console.log(`  datapi 120k: dlmm.pools() time ×${(sdk.ms / plain.ms).toFixed(2)} heap ×${(sdk.heap / plain.heap).toFixed(2)}`);
}
await browser.close();
server.close();
