// Site benchmark: the release build's .wasm size (raw and gzip; its contract worker's, fetched on demand, apart) and
// the median time from navigation to a page's first content over several loads, in headless Chromium on loopback
// against the replica: the first row of /pairs (keeper), the first row of /dlmm/pools, a drawn candle chart on
// /dlmm/pools/:address (datapi), and a wallet's performance table and calendar drawn on /wallets/:wallet (the
// portfolio service, at the newest month the replica's sample wallet closed a position in).
// Env: DIST_DIR (default dist), DLMM_PAIR_BASE_URL / DLMM_POOL_BASE_URL (the replica the site was built for, or
// passed as query overrides; its datapi and portfolio service are baked in at build time), PORTFOLIO_DATAPI_BASE_URL
// (to find that month), SITE_BENCH_LOADS (default 7), BENCH_BUDGETS
// (default tests/bench/budgets.json). Prints a table and a JSON line (`{"bench":"site",…}`); a page this build does
// not have is skipped with the reason; then checks the figures against the budgets file's `site` section. Exits 1 on
// bad setup, when the /pairs page is missing, or naming every figure past its budget.
import { readdir, readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { join, resolve } from "node:path";
import { checkBudgets } from "./budgets.mjs";
import { serveDist, launchChromium } from "../e2e/support.mjs";

const GOAL_GZIP_KB = 350;
const GOAL_FIRST_ROW_MS = 300;
const GOAL_CANDLES_MS = 600;
const dist = resolve(process.env.DIST_DIR ?? "dist");
const { DLMM_PAIR_BASE_URL: pairBase, DLMM_POOL_BASE_URL: poolBase, PORTFOLIO_DATAPI_BASE_URL: portfolioBase } = process.env;
const loads = Math.max(5, Number(process.env.SITE_BENCH_LOADS ?? 7));
if (!pairBase || !poolBase) {
  console.error("DLMM_PAIR_BASE_URL and DLMM_POOL_BASE_URL must point at a running replica");
  process.exit(1);
}

const files = await readdir(dist);
// The explorer's own .wasm, which every visitor downloads; the contract worker's, fetched only by a Settings check.
const wasmFile = files.find((f) => f.startsWith("dlmm-explorer") && f.endsWith(".wasm"));
const workerFile = files.find((f) => f.startsWith("contract-worker") && f.endsWith(".wasm"));
if (!wasmFile || !workerFile) {
  console.error(`no explorer or contract-worker .wasm in ${dist}: build the site first (cargo xtask site)`);
  process.exit(1);
}
const wasm = await readFile(join(dist, wasmFile));
const gzipBytes = gzipSync(wasm, { level: 9 }).length;
const rawKb = wasm.length / 1024;
const gzipKb = gzipBytes / 1024;
const workerGzipBytes = gzipSync(await readFile(join(dist, workerFile)), { level: 9 }).length;

const samples = await (await fetch(`${pairBase}/__replica/samples`)).json();
const site = await serveDist(dist);
const browser = await launchChromium();
const query = `?pairBaseUrl=${encodeURIComponent(pairBase)}&poolBaseUrl=${encodeURIComponent(poolBase)}`;

/** The newest month (YYYY-MM, within three years of now) in which `wallet` closed a position, by the replica. */
async function newestMonth(wallet) {
  for (let back = 0, date = new Date(); back < 36; back++) {
    const month = date.toISOString().slice(0, 7);
    const calendar = await (await fetch(`${portfolioBase}/chart/calendar/${wallet}?month=${month}`)).json();
    if (calendar.data_points?.length > 0) return month;
    date = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1));
  }
  return null;
}

/**
 * The median time (ms) from navigation to `selector` matching (every selector, when it is a list), over `loads` loads of `path` (plus one warm-up), or
 * `{ skipped }` with the reason when the build has no such page (it shows "Page not found") or it never appears.
 */
async function measure(path, selector) {
  const times = [];
  for (let i = 0; i < loads + 1; i++) {
    // A fresh context each time: no HTTP cache, no compiled-wasm cache carried over.
    const context = await browser.newContext();
    const page = await context.newPage();
    // Stamp the moment the content enters the DOM, in the page itself (no polling delay).
    await page.addInitScript((sel) => {
      new MutationObserver((_, observer) => {
        if ([sel].flat().every((s) => document.querySelector(s))) {
          window.__shown = performance.now();
          observer.disconnect();
        } else if (document.querySelector("main h1")?.textContent === "Page not found") {
          window.__missing = true;
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    }, selector);
    try {
      await page.goto(`${site.url}${path}`, { waitUntil: "commit" });
      await page.waitForFunction(() => window.__shown !== undefined || window.__missing, null, { timeout: 30_000 });
      if (await page.evaluate(() => window.__missing === true)) {
        return { skipped: `${path.split("?")[0]} is not a page of this build (it shows "Page not found")` };
      }
      // performance.now() counts from the navigation's start (timeOrigin).
      const ms = await page.evaluate(() => window.__shown);
      if (i > 0) times.push(ms); // the first load warms the replica and the browser process
    } catch (e) {
      return { skipped: `${selector} never appeared on ${path.split("?")[0]} within 30 s (${String(e).split("\n")[0]})` };
    } finally {
      await context.close();
    }
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], times };
}

const pool = samples.datapi?.dlmm_pools?.[0];
const wallet = samples.datapi?.wallet_with_positions?.wallet;
const month = wallet && portfolioBase ? await newestMonth(wallet) : null;
let pairs, dlmmPools, candles, walletPage;
try {
  pairs = await measure(`/pairs${query}`, '[data-testid="pairs-table"] tbody tr');
  dlmmPools = await measure("/dlmm/pools", '[data-testid="dlmm-pools-table"] tbody tr[data-address]');
  candles = pool
    ? await measure(`/dlmm/pools/${pool}`, '[data-testid="candle-chart"][data-state="drawn"]')
    : { skipped: "the replica's samples name no DLMM datapi pool" };
  walletPage = month
    ? await measure(`/wallets/${wallet}?month=${month}`, [
        '[data-testid="performance"] tbody tr',
        '[data-testid="calendar-grid"] button.day[data-pnl]',
      ])
    : { skipped: "no PORTFOLIO_DATAPI_BASE_URL, or the sample wallet closed nothing in three years" };
} finally {
  await browser.close();
  await site.close();
}

const row = (name, value, goal, ok) => console.log(`${name.padEnd(40)} ${value.padStart(12)}   goal ${goal.padEnd(10)} ${ok ? "ok" : "OVER"}`);
const timed = (name, m, goal) => {
  if (m.skipped) {
    console.log(`${name.padEnd(40)} ${"skipped".padStart(12)}   ${m.skipped}`);
  } else {
    row(name, `${m.median.toFixed(0)} ms`, `≤ ${goal} ms`, m.median <= goal);
    console.log(`  loads (ms): ${m.times.map((t) => t.toFixed(0)).join(", ")}`);
  }
};
console.log(`site benchmark (${wasmFile}, ${loads} loads, loopback)`);
row("wasm size, raw", `${rawKb.toFixed(1)} KB`, "-", true);
row("wasm size, gzip -9", `${gzipKb.toFixed(1)} KB`, `≤ ${GOAL_GZIP_KB} KB`, gzipKb <= GOAL_GZIP_KB);
row("contract worker wasm, gzip -9 (on demand)", `${(workerGzipBytes / 1024).toFixed(1)} KB`, "-", true);
timed("/pairs: navigation → first row", pairs, GOAL_FIRST_ROW_MS);
timed("/dlmm/pools: navigation → first row", dlmmPools, GOAL_FIRST_ROW_MS);
timed("/dlmm/pools/:address: → drawn candles", candles, GOAL_CANDLES_MS);
timed("/wallets/:wallet: → performance, calendar", walletPage, GOAL_CANDLES_MS);
const json = (m) => (m.skipped ? { skipped: m.skipped } : { median_ms: Math.round(m.median), ms: m.times.map((t) => Math.round(t)) });
const figures = {
  bench: "site",
  wasm_raw_bytes: wasm.length,
  wasm_gzip_bytes: gzipBytes,
  worker_wasm_gzip_bytes: workerGzipBytes,
  first_row_median_ms: pairs.skipped ? null : Math.round(pairs.median),
  first_row_ms: pairs.skipped ? [] : pairs.times.map((t) => Math.round(t)),
  dlmm_pools_first_row: json(dlmmPools),
  dlmm_pool_candles_drawn: json(candles),
  wallet_calendar_drawn: json(walletPage),
  goals: { wasm_gzip_kb: GOAL_GZIP_KB, first_row_ms: GOAL_FIRST_ROW_MS, drawn_ms: GOAL_CANDLES_MS },
};
console.log(JSON.stringify(figures));
const withinBudgets = checkBudgets("site", figures);
if (pairs.skipped || !withinBudgets) process.exit(1);
