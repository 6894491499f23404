// Benchmark of the SDK in headless Chromium: `/pair/all` through the SDK versus plain `fetch().json()`, and the datapi
// client's `dlmm.pools()` walk over 120,000 pools versus a plain `fetch` loop over the same pages, from prebuilt bodies.
//
//   DLMM_PAIR_BASE_URL_20K=…  DLMM_PAIR_BASE_URL_120K=…  DLMM_DATAPI_BASE_URL_120K=…  PKG_DIR=pkg  node tests/bench/sdk.mjs
//
// The replicas (`--pairs 20000` / `--pairs 120000`) are read once at start: each `/pair/all` body and every datapi
// `/pools` page of 1,000 is held in memory, gzip-compressed once (level 9), and served by this script's own server
// (CORS and `timing-allow-origin: *`, `cache-control: no-store`) in two variants: `identity` (sent as it is, no
// on-the-fly compression) and `gzip` (the precompressed bytes with `content-encoding: gzip`, as a CDN would). Every
// run has its own base URL (`/r/<n>/<variant>/<dataset>`, the prefix stripped by the server), so the page finds the
// run's Resource Timing entries; "after last byte" is the time the call resolved minus the `responseEnd` of the
// run's last response: the client's own work once the network is done (parse, decode, JS objects). For the datapi
// walk (120 requests) "off network" is also shown: end-to-end minus the time some request of the run was in flight.
//
// One page, served with pkg/ from a second tiny server, runs every case; each figure is the median of BENCH_RUNS
// rounds in which the cases alternate (so load changes hit them alike). Heap is `performance.memory.usedJSHeapSize`
// after forced gcs while the result is still held, minus the same before the run (JS heap only). WebAssembly memory is
// `exports.memory.buffer.byteLength`: in a fresh page, after one `client.all()` at 120k and after ten consecutive
// calls (memory is reused by later calls, never given back, so it must not grow after the first).
// The page imports the package as a browser app does (`index.js`, whose `all()` runs in the package's worker) and a
// second instance of the raw module (`all()` in the page's thread, shown beside it); the worker's memory and Resource
// Timing entries come from a wrapper script around the package's worker (see `benchWorker`).
// Cases: exact decode (`client.all()`) vs `fetch(url).then(r => r.json())` (amounts lose precision above 2^53),
// filtering while decoding (`client.all({ minTvl })`) vs `fetch` + `JSON.parse` + `filter`, and
// `for await (const pool of client.dlmm.pools({ pageSize: 1000 }))` vs `fetch(page).then(r => r.json())` page after
// page (both keep every pool in one array).
//
// Prints a table, one JSON line (`{"bench":"sdk",…}`), then checks the figures against tests/bench/budgets.json
// (BENCH_BUDGETS) and exits 1 naming every figure past its budget.
// Env: BENCH_RUNS (5), BENCH_MIN_TVL (1000), BENCH_BUDGETS, CHROMIUM (/usr/bin/chromium).
import { createServer } from "node:http";
import { readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { extname, join, resolve } from "node:path";
import { chromium } from "playwright-core";
import { checkBudgets } from "./budgets.mjs";

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
const RUNS = Math.max(1, Math.min(50, Number(process.env.BENCH_RUNS ?? 5)));
const MIN_TVL = Number(process.env.BENCH_MIN_TVL ?? 1000);
const TEN_CALLS = 10;
const VARIANTS = ["identity", "gzip"];

const wasmPath = join(pkgDir, "dlmm_query_wasm_bg.wasm");
const wasmBytes = readFileSync(wasmPath);
const wasmGzipBytes = gzipSync(wasmBytes, { level: 9 }).length;

// ---- the prebuilt bodies: read once from the replicas, held in memory, gzip -9 once ----

/** The body of `url`, as bytes (a replica that compresses is decoded by fetch). */
async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
const prebuilt = (identity) => ({ identity, gzip: gzipSync(identity, { level: 9 }) });

/** dataset → `{ kind: "pairs", body }` or `{ kind: "pools", pages: [body, …], pools }`. */
const datasets = new Map();
for (const [label, base] of targets) {
  datasets.set(label, { kind: "pairs", body: prebuilt(await download(`${base}/pair/all`)) });
}
if (datapiSource) {
  const pages = [];
  for (let page = 1; page <= 100_000; page++) {
    const body = await download(`${datapiSource}/pools?page=${page}&page_size=${DATAPI_PAGE_SIZE}`);
    pages.push(prebuilt(body));
    if (page >= JSON.parse(body).pages) break;
  }
  datasets.set("datapi", { kind: "pools", pages, pools: JSON.parse(pages[0].identity).total });
}

/** Serves `/r/<n>/<variant>/<dataset>/pair/all` and `/r/<n>/<variant>/datapi/pools?page=P&page_size=1000`. */
const data = createServer((req, res) => {
  const headers = {
    "access-control-allow-origin": "*",
    "access-control-allow-headers": "*",
    "timing-allow-origin": "*",
    "cache-control": "no-store",
  };
  if (req.method === "OPTIONS") return res.writeHead(204, headers).end();
  const url = new URL(req.url, "http://x");
  const [, r, , variant, name, ...rest] = url.pathname.split("/");
  const dataset = datasets.get(name);
  let body;
  if (r === "r" && VARIANTS.includes(variant) && dataset?.kind === "pairs" && rest.join("/") === "pair/all") {
    body = dataset.body[variant];
  } else if (r === "r" && VARIANTS.includes(variant) && dataset?.kind === "pools" && rest.join("/") === "pools" &&
    url.searchParams.get("page_size") === String(DATAPI_PAGE_SIZE)) {
    body = dataset.pages[Number(url.searchParams.get("page") ?? 1) - 1]?.[variant];
  }
  if (!body) return res.writeHead(400, { ...headers, "content-type": "text/plain" }).end(`not served: ${req.url}`);
  res.writeHead(200, {
    ...headers,
    "content-type": "application/json",
    "content-length": body.length,
    ...(variant === "gzip" ? { "content-encoding": "gzip" } : {}),
  }).end(body);
});
await new Promise((ok) => data.listen(0, "127.0.0.1", ok));
const dataOrigin = `http://127.0.0.1:${data.address().port}`;
let runNumber = 0;
const runBase = (variant, dataset) => `${dataOrigin}/r/${++runNumber}/${variant}/${dataset}`;

// ---- the page (pkg/ and a tiny HTML) ----

// The package twice: its browser entry (`index.js`: `all()` in its worker, as a page importing the package runs it)
// and a second instance of the raw module (no worker: `all()` in the page's thread). The worker is started from a
// wrapper (`/bench-worker.js`) that also answers "diagnostics": its module's memory and its Resource Timing entries
// (a worker's fetches are in its own timeline), shifted to the page's time origin.
const page = `<!doctype html><meta charset="utf-8"><title>sdk bench</title><script type="module">
  const Native = globalThis.Worker;
  let worker = null;
  globalThis.Worker = class extends Native {
    constructor(url, options) {
      super(String(url).endsWith("/worker.js") ? "/bench-worker.js" : url, options);
      worker = this;
    }
  };
  const sdk = await import("/index.js");
  const thread = await import("/dlmm_query_wasm.js?thread");
  const exports = await thread.default({ module_or_path: "/dlmm_query_wasm_bg.wasm" });
  performance.setResourceTimingBufferSize(100000);
  window.wasmMemory = () => exports.memory.buffer.byteLength;
  window.workerDiagnostics = () => new Promise((ok) => {
    if (!worker) return ok({ memory: NaN, resources: [] });
    worker.addEventListener("message", function answer({ data }) {
      if (!data?.diagnostics) return;
      worker.removeEventListener("message", answer);
      const shift = data.diagnostics.timeOrigin - performance.timeOrigin;
      const resources = data.diagnostics.resources.map((e) => ({ ...e, startTime: e.startTime + shift, responseEnd: e.responseEnd + shift }));
      ok({ memory: data.diagnostics.memory, resources });
    });
    worker.postMessage("diagnostics");
  });
  window.sdk = sdk;
  window.thread = thread;
  window.ready = true;
</script>`;
const benchWorker = `import "/worker.js";
import { initSync } from "/dlmm_query_wasm.js";
performance.setResourceTimingBufferSize(100000);
self.addEventListener("message", ({ data }) => {
  if (data !== "diagnostics") return;
  // The module is instantiated by worker.js by now: initSync gives back its exports.
  const memory = initSync({ module: undefined }).memory.buffer.byteLength;
  const resources = performance.getEntriesByType("resource").map((e) => e.toJSON());
  performance.clearResourceTimings();
  self.postMessage({ diagnostics: { memory, timeOrigin: performance.timeOrigin, resources } });
});
`;
const types = { ".js": "text/javascript", ".wasm": "application/wasm", ".html": "text/html", ".json": "application/json" };
const server = createServer((req, res) => {
  const path = new URL(req.url, "http://x").pathname;
  if (path === "/") {
    res.writeHead(200, { "content-type": "text/html" }).end(page);
    return;
  }
  if (path === "/bench-worker.js") {
    res.writeHead(200, { "content-type": "text/javascript" }).end(benchWorker);
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

/** A new tab with the package loaded (a fresh WebAssembly instance). */
async function openTab() {
  const tab = await browser.newPage();
  tab.on("pageerror", (e) => console.error("page error:", e));
  await tab.goto(`${origin}/`);
  await tab.waitForFunction(() => window.ready === true, null, { timeout: 60_000 });
  return tab;
}
const tab = await openTab();

/**
 * One timed run of `mode` in the page against `base`: end-to-end ms, ms after the last byte of the run's last
 * response, ms off the network, JS heap held by the result (bytes), item count, WebAssembly memory after.
 */
async function once(base, mode) {
  return tab.evaluate(async ({ base, mode, minTvl, pageSize, expected }) => {
    const options = { timeoutMs: 0, retry: false, rateLimit: false };
    // `sdk*` modes run `all()` in the package's worker, `thread` in the page's thread.
    const inWorker = mode.startsWith("sdk");
    const keeper = mode.startsWith("sdk") || mode === "thread"
      ? (inWorker ? window.sdk : window.thread).createClient({ pairBaseUrl: base, ...options })
      : null;
    const datapi = mode === "datapiSdk" ? window.thread.createDatapiClient({ dlmmBaseUrl: base, ...options }) : null;
    const url = `${base}/pair/all`;
    const modes = {
      sdk: () => keeper.all(),
      thread: () => keeper.all(),
      plain: () => fetch(url).then((r) => r.json()),
      sdkFiltered: () => keeper.all({ minTvl }),
      plainFiltered: () => fetch(url).then((r) => r.json()).then((ps) => ps.filter((p) => Number(p.liquidity) >= minTvl)),
      // `for await` over the iterator, written out (the raw module's iterators are not registered as async iterables).
      datapiSdk: async () => {
        const pools = [];
        const it = datapi.dlmm.pools({ pageSize });
        for (let step = await it.next(); !step.done; step = await it.next()) pools.push(step.value);
        return pools;
      },
      datapiPlain: async () => {
        const pools = [];
        for (let page = 1; page <= 100_000; page++) {
          const body = await fetch(`${base}/pools?page=${page}&page_size=${pageSize}`).then((r) => r.json());
          for (const pool of body.data) pools.push(pool);
          if (page >= body.pages) break;
        }
        return pools;
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
    performance.clearResourceTimings();
    await settle();
    const before = performance.memory.usedJSHeapSize;
    const t0 = performance.now();
    let result = await modes[mode]();
    const t1 = performance.now();
    await settle();
    const heap = performance.memory.usedJSHeapSize - before;
    const count = result.length;
    result = null;
    // A response's Resource Timing entry is queued when its load finishes, which can come after the call has already
    // resolved on the streamed bytes: wait (≤ 5 s) until every request of the run has its entry.
    const fromWorker = [];
    let workerMemory = NaN;
    const ours = () =>
      [...performance.getEntriesByType("resource"), ...fromWorker].filter((e) => e.name.startsWith(`${base}/`));
    for (let waited = 0; ours().length < expected && waited < 5000; waited += 50) {
      if (inWorker) {
        const diagnostics = await window.workerDiagnostics();
        fromWorker.push(...diagnostics.resources);
        workerMemory = diagnostics.memory;
        if (ours().length >= expected) break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const entries = ours();
    // The time some request of the run was in flight (union of [startTime, responseEnd]).
    let inFlight = 0;
    let reach = t0;
    for (const e of [...entries].sort((a, b) => a.startTime - b.startTime)) {
      const start = Math.max(e.startTime, reach);
      if (e.responseEnd > start) inFlight += e.responseEnd - start;
      reach = Math.max(reach, e.responseEnd);
    }
    const lastByte = Math.max(...entries.map((e) => e.responseEnd));
    const transferred = entries.reduce((n, e) => n + e.encodedBodySize, 0);
    keeper?.free?.();
    datapi?.free?.();
    return {
      ms: t1 - t0,
      afterLastByte: entries.length ? t1 - lastByte : NaN,
      offNetwork: t1 - t0 - inFlight,
      requests: entries.length,
      transferred,
      heap,
      count,
      // The module that ran the call: the worker's, or the page's.
      wasmMemory: inWorker ? workerMemory : window.wasmMemory(),
    };
  }, { base, mode, minTvl: MIN_TVL, pageSize: DATAPI_PAGE_SIZE, expected: requestsOf(base) });
}

/** How many requests a run against `base` makes: one `/pair/all`, or every datapi page. */
function requestsOf(base) {
  const dataset = datasets.get(base.split("/").at(-1));
  return dataset?.kind === "pools" ? dataset.pages.length : 1;
}

/** The median of the finite values of `xs` (NaN when there are none: a run whose timing entries never came). */
function median(xs) {
  const finite = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return finite.length ? finite[Math.floor(finite.length / 2)] : NaN;
}

/**
 * Medians over RUNS rounds of every mode × variant against `dataset`; the cases alternate within each round so that
 * load changes hit them alike. Returns `{ [variant]: { [mode]: figures } }`.
 */
async function measureAll(dataset, modes) {
  const cases = VARIANTS.flatMap((variant) => modes.map((mode) => [variant, mode]));
  for (const [variant, mode] of cases) await once(runBase(variant, dataset), mode); // warm-up: compiles, grows memory
  const runs = cases.map(() => []);
  for (let i = 0; i < RUNS; i++) {
    for (const [c, [variant, mode]] of cases.entries()) runs[c].push(await once(runBase(variant, dataset), mode));
  }
  const out = Object.fromEntries(VARIANTS.map((v) => [v, {}]));
  for (const [c, [variant, mode]] of cases.entries()) {
    const rs = runs[c];
    out[variant][mode] = {
      ms: median(rs.map((r) => r.ms)),
      afterLastByte: median(rs.map((r) => r.afterLastByte)),
      offNetwork: median(rs.map((r) => r.offNetwork)),
      heap: median(rs.map((r) => r.heap)),
      count: rs[0].count,
      requests: rs[0].requests,
      transferred: rs[0].transferred,
      wasmMemory: rs.at(-1).wasmMemory,
    };
  }
  return out;
}

/** Ten consecutive `client.all()` calls with one client in a fresh page: module memory before (a fresh module's) and
 * after each (the worker's, which ran them). */
async function tenCalls(dataset) {
  const fresh = await openTab();
  try {
    return await fresh.evaluate(async ({ base, calls }) => {
      const client = window.sdk.createClient({ pairBaseUrl: base, timeoutMs: 0, retry: false, rateLimit: false });
      // The worker's module (it starts with the first call; a fresh page's module has the page's size).
      const memory = [window.wasmMemory()];
      const ms = [];
      for (let i = 0; i < calls; i++) {
        const t0 = performance.now();
        let pairs = await client.all();
        ms.push(performance.now() - t0);
        pairs = null;
        memory.push((await window.workerDiagnostics()).memory);
      }
      return { memory, ms };
    }, { base: runBase("identity", dataset), calls: TEN_CALLS });
  } finally {
    await fresh.close();
  }
}

// ---- the runs ----

const MB = 1048576;
const mb = (b) => `${(b / MB).toFixed(1)} MB`;
const ratio = (a, b) => a / b;
const fixed = (x, digits) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : null);
const line = (name, r, ref) =>
  `  ${name.padEnd(36)} ${r.ms.toFixed(0).padStart(6)} ms  after last byte ${r.afterLastByte.toFixed(0).padStart(5)} ms  ` +
  `heap ${mb(r.heap).padStart(9)} ${String(r.count).padStart(7)} items` +
  (ref
    ? `  time ×${ratio(r.ms, ref.ms).toFixed(2)}  after-last-byte ×${ratio(r.afterLastByte, ref.afterLastByte).toFixed(2)}` +
      `  heap ×${ratio(r.heap, ref.heap).toFixed(2)}`
    : "");

const figures = { bench: "sdk", wasm_bytes: wasmBytes.length, wasm_gzip_bytes: wasmGzipBytes };
const summary = [];
let failed = false;
console.log(`sdk bench: ${RUNS} rounds, cases alternating, medians; Chromium headless; pkg ${pkgDir}; ` +
  `bodies prebuilt in memory, served identity and gzip -9 from ${dataOrigin}`);
console.log(`wasm: ${wasmBytes.length} bytes raw, ${wasmGzipBytes} bytes gzip -9 (${(wasmGzipBytes / 1024).toFixed(1)} KiB)`);
for (const [label] of targets) {
  const { body } = datasets.get(label);
  console.log(`/pair/all, ${label} pairs (body ${mb(body.identity.length)}, gzip ${mb(body.gzip.length)}):`);
  const r = await measureAll(label, ["plain", "sdk", "thread", "plainFiltered", "sdkFiltered"]);
  for (const variant of VARIANTS) {
    const { plain, sdk, thread, plainFiltered: plainF, sdkFiltered: sdkF } = r[variant];
    console.log(` ${variant}:`);
    console.log(line("fetch + r.json()", plain));
    console.log(line("client.all() (exact, bigint)", sdk, plain));
    console.log(line("client.all() in the page's thread", thread, plain));
    console.log(line(`fetch + json + filter(tvl>=${MIN_TVL})`, plainF));
    console.log(line(`client.all({ minTvl: ${MIN_TVL} })`, sdkF, plainF));
    const sfx = `${label}${variant === "gzip" ? "_gzip" : ""}`;
    Object.assign(figures, {
      [`all_ms_${sfx}`]: fixed(sdk.ms, 1),
      [`all_after_last_byte_ms_${sfx}`]: fixed(sdk.afterLastByte, 1),
      [`plain_ms_${sfx}`]: fixed(plain.ms, 1),
      [`plain_after_last_byte_ms_${sfx}`]: fixed(plain.afterLastByte, 1),
      [`all_time_ratio_${sfx}`]: fixed(ratio(sdk.ms, plain.ms), 3),
      [`all_after_last_byte_ratio_${sfx}`]: fixed(ratio(sdk.afterLastByte, plain.afterLastByte), 3),
      [`all_heap_ratio_${sfx}`]: fixed(ratio(sdk.heap, plain.heap), 3),
      [`all_thread_time_ratio_${sfx}`]: fixed(ratio(thread.ms, plain.ms), 3),
      [`all_thread_heap_ratio_${sfx}`]: fixed(ratio(thread.heap, plain.heap), 3),
      [`min_tvl_time_ratio_${sfx}`]: fixed(ratio(sdkF.ms, plainF.ms), 3),
      [`min_tvl_after_last_byte_ratio_${sfx}`]: fixed(ratio(sdkF.afterLastByte, plainF.afterLastByte), 3),
      [`min_tvl_heap_ratio_${sfx}`]: fixed(ratio(sdkF.heap, plainF.heap), 3),
    });
    summary.push(`  ${sfx.padEnd(10)} all() time ×${ratio(sdk.ms, plain.ms).toFixed(2)} ` +
      `after-last-byte ×${ratio(sdk.afterLastByte, plain.afterLastByte).toFixed(2)} ` +
      `heap ×${ratio(sdk.heap, plain.heap).toFixed(2)} (in the page's thread: time ×${ratio(thread.ms, plain.ms).toFixed(2)}); all({minTvl}) time ×${ratio(sdkF.ms, plainF.ms).toFixed(2)} ` +
      `after-last-byte ×${ratio(sdkF.afterLastByte, plainF.afterLastByte).toFixed(2)} ` +
      `heap ×${ratio(sdkF.heap, plainF.heap).toFixed(2)}`);
    if (sdk.count !== plain.count || thread.count !== plain.count) {
      console.error(`${label} ${variant}: client.all() read ${sdk.count} pairs (${thread.count} in the page's ` +
        `thread), fetch ${plain.count}`);
      failed = true;
    }
  }
  console.log(`  WebAssembly memory after the runs: the worker's ${mb(r.identity.sdkFiltered.wasmMemory)}, ` +
    `the page's (all() in its thread) ${mb(r.identity.thread.wasmMemory)}`);
  figures[`body_bytes_${label}`] = body.identity.length;
  figures[`body_gzip_bytes_${label}`] = body.gzip.length;
}
if (targets.some(([label]) => label === "120k")) {
  const { memory, ms } = await tenCalls("120k");
  const growth = memory.at(-1) - memory[1];
  console.log(`client.all() ×${TEN_CALLS} at 120k, one client, fresh page: WebAssembly memory ${mb(memory[0])} at start, ` +
    `${mb(memory[1])} after the 1st call, ${mb(memory.at(-1))} after the ${TEN_CALLS}th (growth ${mb(growth)})`);
  console.log(`  memory after each call (MB): ${memory.slice(1).map((b) => (b / MB).toFixed(1)).join(", ")}`);
  console.log(`  time of each call (ms): ${ms.map((t) => t.toFixed(0)).join(", ")}`);
  Object.assign(figures, {
    wasm_memory_start_mb: fixed(memory[0] / MB, 2),
    wasm_memory_after_mb: fixed(memory[1] / MB, 2),
    wasm_memory_after_ten_calls_mb: fixed(memory.at(-1) / MB, 2),
    wasm_memory_growth_ten_calls_mb: fixed(growth / MB, 2),
  });
  summary.push(`  120k       WebAssembly memory after one all() ${mb(memory[1])}; growth over ${TEN_CALLS} calls ${mb(growth)}`);
}
const datapi = datasets.get("datapi");
if (datapi) {
  const bytes = datapi.pages.reduce((n, p) => n + p.identity.length, 0);
  const gzipped = datapi.pages.reduce((n, p) => n + p.gzip.length, 0);
  console.log(`datapi /pools: ${datapi.pools} pools in ${datapi.pages.length} pages of ${DATAPI_PAGE_SIZE} ` +
    `(${mb(bytes)} of JSON, gzip ${mb(gzipped)})`);
  const r = await measureAll("datapi", ["datapiPlain", "datapiSdk"]);
  for (const variant of VARIANTS) {
    const { datapiSdk: sdk, datapiPlain: plain } = r[variant];
    console.log(` ${variant}:`);
    console.log(line("fetch loop + r.json()", plain) + `  off network ${plain.offNetwork.toFixed(0)} ms`);
    console.log(line("for await dlmm.pools() (exact)", sdk, plain) + `  off network ${sdk.offNetwork.toFixed(0)} ms` +
      ` ×${ratio(sdk.offNetwork, plain.offNetwork).toFixed(2)}`);
    if (sdk.count !== datapi.pools || plain.count !== datapi.pools) {
      console.error(`datapi ${variant}: the walks read ${sdk.count} and ${plain.count} pools, not ${datapi.pools}`);
      failed = true;
    }
    const sfx = `120k${variant === "gzip" ? "_gzip" : ""}`;
    Object.assign(figures, {
      [`datapi_pools_ms_${sfx}`]: fixed(sdk.ms, 1),
      [`datapi_plain_ms_${sfx}`]: fixed(plain.ms, 1),
      [`datapi_pools_time_ratio_${sfx}`]: fixed(ratio(sdk.ms, plain.ms), 3),
      [`datapi_pools_after_last_byte_ratio_${sfx}`]: fixed(ratio(sdk.afterLastByte, plain.afterLastByte), 3),
      [`datapi_pools_off_network_ratio_${sfx}`]: fixed(ratio(sdk.offNetwork, plain.offNetwork), 3),
      [`datapi_pools_heap_ratio_${sfx}`]: fixed(ratio(sdk.heap, plain.heap), 3),
    });
    summary.push(`  datapi ${sfx.padEnd(9)} dlmm.pools() time ×${ratio(sdk.ms, plain.ms).toFixed(2)} ` +
      `off-network ×${ratio(sdk.offNetwork, plain.offNetwork).toFixed(2)} heap ×${ratio(sdk.heap, plain.heap).toFixed(2)}`);
  }
  console.log(`  WebAssembly memory after the runs: ${mb(r.identity.datapiSdk.wasmMemory)}`);
}
await browser.close();
server.close();
data.close();

console.log("summary (ratios to the plain equivalent in the same page; budgets: tests/bench/budgets.json):");
console.log(`  wasm       ${wasmBytes.length} bytes, ${wasmGzipBytes} bytes gzip -9`);
for (const s of summary) console.log(s);
console.log(JSON.stringify(figures));
if (!checkBudgets("sdk", figures) || failed) process.exit(1);
