// The built explorer (dist/) in headless Chromium against the replica's datapi services: the DLMM pool page (tokens,
// windows, candles drawn from a range fetched in chunks, history bars, the timeframe selector by keyboard) and the
// DAMM v2 list and pool pages, with screenshots of every page and state in both themes.
// Run with DIST_DIR and the four DLMM_*/DAMM_V2_* base URLs of a running replica (as `cargo xtask ci` does).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchChromium, openPage, screenshotThemes, download, parseCsv } from "./support.mjs";

const { DIST_DIR, DLMM_PAIR_BASE_URL: pairBase, DLMM_DATAPI_BASE_URL: dlmmBase, DAMM_V2_DATAPI_BASE_URL: dammBase } =
  process.env;
assert.ok(DIST_DIR && pairBase && dlmmBase && dammBase, "DIST_DIR and the DLMM_*/DAMM_V2_* base URLs must be set");

let site, browser, samples;
before(async () => {
  site = await serveDist(DIST_DIR);
  browser = await launchChromium();
  samples = (await (await fetch(`${pairBase}/__replica/samples`)).json()).datapi;
});
after(async () => {
  await browser?.close();
  await site?.close();
});

const json = async (url) => (await fetch(url)).json();
const HOUR = 3600;

/** The raw candles of the last `buckets` buckets of `seconds`, ending with the service's newest bucket. */
async function rawCandles(base, address, timeframe, seconds, buckets) {
  const newest = (await json(`${base}/pools/${address}/ohlcv?timeframe=5m`)).end_time;
  const last = newest - (newest % seconds);
  const start = Math.max(0, last - (buckets - 1) * seconds);
  const end = last + seconds - 1;
  const out = [];
  // At most 1000 buckets a request, as the service allows.
  for (let s = start; s <= end; s += 1000 * seconds) {
    const e = Math.min(end, s + 1000 * seconds - 1);
    out.push(...(await json(`${base}/pools/${address}/ohlcv?timeframe=${timeframe}&start_time=${s}&end_time=${e}`)).data);
  }
  return out;
}

/**
 * The figure card `field` is compact (no figure breaks across lines), with its exact value on hover (its title) and
 * on focus (shown below the figure while it is focused).
 */
async function assertCompactCard(page, field) {
  const text = await page.textContent(`[data-field="${field}"]`);
  assert.match(text, /^-?\$\d{1,3}(\.\d\d)?[KMBT]?$/, text);
  const card = page.locator(`.card:has([data-field="${field}"]) [tabindex="0"]`);
  await card.focus();
  const shown = await card.evaluate((el) => getComputedStyle(el.querySelector("[title]") ?? el, "::after").content);
  assert.equal(shown, JSON.stringify(await page.getAttribute(`[data-field="${field}"]`, "title")));
}

test("a DLMM pool: tokens, windows, candles and history as served", async () => {
  const address = samples.dlmm_pools[0];
  const pool = await json(`${dlmmBase}/pools/${address}`);
  const page = await openPage(browser);
  await page.goto(`${site.url}/dlmm/pools/${address}`);
  await page.waitForSelector('[data-testid="candle-chart"][data-state="drawn"]');
  assert.equal(await page.textContent('h1 [data-field="name"]'), pool.name);
  assert.equal(Number(await page.getAttribute('[data-field="tvl"]', "title")), pool.tvl);
  await assertCompactCard(page, "tvl");
  assert.equal(await page.textContent('[data-field="token_x.symbol"]'), pool.token_x.symbol);
  assert.equal(await page.textContent('[data-field="token_y.name"]'), pool.token_y.name);
  assert.equal(Number(await page.getAttribute('[data-field="volume.24h"]', "title")), pool.volume["24h"]);
  assert.equal(Number(await page.getAttribute('[data-field="cumulative_fees"]', "title")), pool.cumulative_metrics.fees);
  const candles = await rawCandles(dlmmBase, address, "1h", HOUR, 168);
  assert.equal(Number(await page.getAttribute('[data-testid="candle-chart"]', "data-candles")), candles.length);
  const priced = candles.filter((c) => c.open > 0 && c.high > 0 && c.low > 0 && c.close > 0).length;
  assert.equal(await page.locator('[data-testid="candle-chart"] g.candle').count(), priced);
  await page.waitForSelector('[data-testid="fees-chart"][data-state="drawn"]');
  // The chart reads by keyboard: End selects the newest candle, Home the oldest.
  await page.focus('[data-testid="candle-chart"] svg');
  await page.keyboard.press("End");
  const readout = page.locator('[data-testid="candle-readout"]');
  const last = await page.locator('[data-testid="candle-chart"] g.candle').last();
  assert.equal(Number(await last.getAttribute("data-timestamp")), candles.at(-1).timestamp);
  assert.equal(await readout.textContent(), await last.locator("title").textContent());
  await page.keyboard.press("Home");
  assert.equal(await readout.textContent(), await page.locator('[data-testid="candle-chart"] g.candle title').first().textContent());
  await screenshotThemes(page, "dlmm-pool");

  // The candles download as CSV and JSON, reading back to the very values received.
  const csv = await download(page, "candles-downloads", "csv");
  assert.equal(csv.name, `candles-${address}-1h.csv`);
  const parsed = parseCsv(csv.text);
  const source = new URL(parsed.provenance.source);
  assert.equal(`${source.origin}${source.pathname}`, `${dlmmBase}/pools/${address}/ohlcv`);
  assert.equal(Number(source.searchParams.get("start_time")), candles[0].timestamp);
  const fields = ["open", "high", "low", "close", "volume"];
  assert.deepEqual(
    parsed.rows.map((r) => [Number(r.timestamp), r.timestamp_str, ...fields.map((k) => Number(r[k]))]),
    candles.map((c) => [c.timestamp, c.timestamp_str, ...fields.map((k) => c[k])]),
  );
  const asJson = JSON.parse((await download(page, "candles-downloads", "json")).text);
  assert.deepEqual(asJson.rows, parsed.rows, "the JSON holds what the CSV holds");
  assert.equal(asJson.source, parsed.provenance.source);

  // The group link leads to the pair's group page.
  const href = await page.getAttribute('a[data-field="group"]', "href");
  assert.match(href, /^\/dlmm\/groups\/\w+-\w+$/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the timeframe selector works by keyboard, keeps the choice in the URL, and a range is fetched in chunks", async () => {
  const address = samples.dlmm_pools[1];
  const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
  const ohlcv = [];
  page.on("request", (r) => r.url().includes(`/pools/${address}/ohlcv`) && ohlcv.push(r.url()));
  await page.goto(`${site.url}/dlmm/pools/${address}`);
  await page.waitForSelector('[data-testid="candle-chart"][data-state="drawn"]');
  await page.focus("select#series-tf");
  await page.selectOption("select#series-tf", "5m");
  await page.waitForFunction(() => new URL(location.href).searchParams.get("tf") === "5m");
  await page.waitForSelector('[data-testid="candle-chart"][data-state="drawn"][data-candles="2016"]');
  assert.equal(new URL(page.url()).search, "?tf=5m&span=7d");
  const ranged = ohlcv.filter((u) => u.includes("timeframe=5m&start_time"));
  assert.equal(ranged.length, 3, `seven days of 5-minute candles take three requests: ${ranged.join(" ")}`);
  const candles = await rawCandles(dlmmBase, address, "5m", 300, 2016);
  assert.equal(candles.length, 2016);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than a phone screen`);
  await screenshotThemes(page, "dlmm-pool-5m-phone");
  // A deep link restores the choice.
  await page.goto(`${site.url}/dlmm/pools/${address}?tf=24h&span=90d`);
  await page.waitForSelector('[data-testid="candle-chart"][data-state="drawn"][data-candles="90"]');
  assert.equal(await page.inputValue("select#series-span"), "90d");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("an unknown DLMM pool is not found; an unreachable host is an error", async () => {
  const page = await openPage(browser);
  await page.goto(`${site.url}/dlmm/pools/${samples.unknown_pool}`);
  await page.waitForSelector('[data-state="not-found"]');
  await screenshotThemes(page, "dlmm-pool-not-found");
  await page.route(`${dlmmBase}/**`, (route) => route.abort());
  await page.goto(`${site.url}/dlmm/pools/${samples.dlmm_pools[0]}`);
  await page.waitForSelector('[data-state="error"]');
  await screenshotThemes(page, "dlmm-pool-error");
  await page.close();
});

test("the DAMM v2 list: rows as served, sorting and paging in the URL, empty search", async () => {
  const page = await openPage(browser);
  await page.goto(`${site.url}/damm-v2/pools`);
  await page.waitForSelector('[data-testid="damm-v2-pools-table"] tbody tr');
  const expected = await json(`${dammBase}/pools?page=1&page_size=25&sort_by=volume_24h%3Adesc`);
  const addresses = await page.$$eval('[data-testid="damm-v2-pools-table"] tbody tr', (rows) =>
    rows.map((r) => r.getAttribute("data-address")));
  assert.deepEqual(addresses, expected.data.map((p) => p.address));
  await screenshotThemes(page, "damm-v2-pools");
  await page.selectOption("#dv2-sort", "tvl:desc");
  await page.waitForFunction(() => new URL(location.href).searchParams.get("sort") === "tvl:desc");
  const byTvl = await json(`${dammBase}/pools?page=1&page_size=25&sort_by=tvl%3Adesc`);
  await page.waitForSelector(`[data-testid="damm-v2-pools-table"] tbody tr:first-child[data-address="${byTvl.data[0].address}"]`);
  if (byTvl.pages > 1) {
    await page.click('nav.pager button:has-text("Next")');
    await page.waitForFunction(() => new URL(location.href).searchParams.get("page") === "2");
    const second = await json(`${dammBase}/pools?page=2&page_size=25&sort_by=tvl%3Adesc`);
    await page.waitForSelector(`[data-testid="damm-v2-pools-table"] tbody tr:first-child[data-address="${second.data[0].address}"]`);
  }
  await page.goto(`${site.url}/damm-v2/pools?q=zzzz-nothing-matches`);
  await page.waitForSelector('[data-state="empty"]');
  await screenshotThemes(page, "damm-v2-pools-empty");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a DAMM v2 pool from its list row: figures, candles and history", async () => {
  const page = await openPage(browser);
  await page.goto(`${site.url}/damm-v2/pools`);
  await page.click('[data-testid="damm-v2-pools-table"] tbody tr:first-child a');
  await page.waitForSelector('[data-testid="candle-chart"][data-state="drawn"]');
  const address = new URL(page.url()).pathname.split("/").pop();
  const pool = await json(`${dammBase}/pools/${address}`);
  assert.equal(await page.textContent('h1 [data-field="name"]'), pool.name);
  assert.equal(Number(await page.getAttribute('[data-field="tvl"]', "title")), pool.tvl);
  await assertCompactCard(page, "tvl");
  assert.equal(Number(await page.getAttribute('[data-field="fees.24h"]', "title")), pool.fees["24h"]);
  const candles = await rawCandles(dammBase, address, "1h", HOUR, 168);
  assert.equal(Number(await page.getAttribute('[data-testid="candle-chart"]', "data-candles")), candles.length);
  await page.waitForSelector('[data-testid="volume-chart"][data-state="drawn"]');
  await screenshotThemes(page, "damm-v2-pool");
  assert.deepEqual(page.errors, []);
  // The browser logs the 404 of an unknown pool as a failed resource: that is the state under test.
  await page.goto(`${site.url}/damm-v2/pools/${samples.unknown_pool}`);
  await page.waitForSelector('[data-state="not-found"]');
  await screenshotThemes(page, "damm-v2-pool-not-found");
  await page.close();
});
