// Site benchmark: the release build's .wasm size (raw and gzip) and the median time from navigation to the first
// row of /pairs over several loads, in headless Chromium on loopback against the replica.
// Env: DIST_DIR (default dist), DLMM_PAIR_BASE_URL / DLMM_POOL_BASE_URL (the replica the site was built for, or
// passed as query overrides), SITE_BENCH_LOADS (default 7). Prints a table and a JSON line; exits 1 on bad setup.
import { readdir, readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { join, resolve } from "node:path";
import { serveDist, launchChromium } from "../e2e/support.mjs";

const GOAL_GZIP_KB = 350;
const GOAL_FIRST_ROW_MS = 300;
const dist = resolve(process.env.DIST_DIR ?? "dist");
const { DLMM_PAIR_BASE_URL: pairBase, DLMM_POOL_BASE_URL: poolBase } = process.env;
const loads = Math.max(5, Number(process.env.SITE_BENCH_LOADS ?? 7));
if (!pairBase || !poolBase) {
  console.error("DLMM_PAIR_BASE_URL and DLMM_POOL_BASE_URL must point at a running replica");
  process.exit(1);
}

const wasmFile = (await readdir(dist)).find((f) => f.endsWith(".wasm"));
if (!wasmFile) {
  console.error(`no .wasm in ${dist}: build the site first (trunk build --release)`);
  process.exit(1);
}
const wasm = await readFile(join(dist, wasmFile));
const rawKb = wasm.length / 1024;
const gzipKb = gzipSync(wasm, { level: 9 }).length / 1024;

const site = await serveDist(dist);
const browser = await launchChromium();
const query = `?pairBaseUrl=${encodeURIComponent(pairBase)}&poolBaseUrl=${encodeURIComponent(poolBase)}`;
const times = [];
try {
  for (let i = 0; i < loads + 1; i++) {
    // A fresh context each time: no HTTP cache, no compiled-wasm cache carried over.
    const context = await browser.newContext();
    const page = await context.newPage();
    // Stamp the moment the first row enters the DOM, in the page itself (no polling delay).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('[data-testid="pairs-table"] tbody tr')) {
          window.__firstRow = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${site.url}/pairs${query}`, { waitUntil: "commit" });
    await page.waitForFunction(() => window.__firstRow !== undefined, null, { timeout: 30_000 });
    // performance.now() counts from the navigation's start (timeOrigin).
    const ms = await page.evaluate(() => window.__firstRow);
    if (i > 0) times.push(ms); // the first load warms the replica and the browser process
    await context.close();
  }
} finally {
  await browser.close();
  await site.close();
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];

const row = (name, value, goal, ok) => console.log(`${name.padEnd(34)} ${value.padStart(12)}   goal ${goal.padEnd(10)} ${ok ? "ok" : "OVER"}`);
console.log(`site benchmark (${wasmFile}, ${loads} loads)`);
row("wasm size, raw", `${rawKb.toFixed(1)} KB`, "-", true);
row("wasm size, gzip -9", `${gzipKb.toFixed(1)} KB`, `≤ ${GOAL_GZIP_KB} KB`, gzipKb <= GOAL_GZIP_KB);
row("/pairs: navigation → first row", `${median.toFixed(0)} ms`, `≤ ${GOAL_FIRST_ROW_MS} ms`, median <= GOAL_FIRST_ROW_MS);
console.log(`  loads (ms): ${times.map((t) => t.toFixed(0)).join(", ")}`);
console.log(JSON.stringify({
  bench: "site",
  wasm_raw_bytes: wasm.length,
  wasm_gzip_bytes: Math.round(gzipKb * 1024),
  first_row_median_ms: Math.round(median),
  first_row_ms: times.map((t) => Math.round(t)),
  goals: { wasm_gzip_kb: GOAL_GZIP_KB, first_row_ms: GOAL_FIRST_ROW_MS },
}));
