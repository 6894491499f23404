// The built explorer (dist/) in headless Chromium against the running replica: every route, the search, sorting,
// filters and pagination, with the rendered numbers checked against the replica's raw JSON and a screenshot of each
// page in test-output/e2e/. Run by `cargo xtask ci` (DIST_DIR and DLMM_*_BASE_URL set).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchChromium, openPage, screenshot } from "./support.mjs";

const { DIST_DIR, DLMM_PAIR_BASE_URL: pairBase, DLMM_POOL_BASE_URL: poolBase } = process.env;
assert.ok(DIST_DIR && pairBase && poolBase, "DIST_DIR and DLMM_*_BASE_URL must be set (run `cargo xtask ci`)");

let site, browser, samples;
before(async () => {
  site = await serveDist(DIST_DIR);
  browser = await launchChromium();
  samples = await raw("/__replica/samples");
});
after(async () => {
  await browser?.close();
  await site?.close();
});

async function raw(path, base = pairBase) {
  const res = await fetch(`${base}${path}`);
  assert.equal(res.status, 200, `${path} answered ${res.status}`);
  return res.json();
}
const list = (query) => raw(`/pair/all_with_pagination?${query}`);

/** Opens `path` on the built site and waits until the app has rendered something under <main>. */
async function visit(path, options = {}) {
  const page = await openPage(browser, options);
  await page.goto(`${site.url}${path}`);
  await page.waitForSelector("main");
  return page;
}

const done = (page) => page.waitForFunction(() => !document.querySelector('main [data-state="loading"]'));
const rowAddresses = (page, table = '[data-testid="pairs-table"]') =>
  page.$$eval(`${table} tbody tr`, (rows) => rows.map((r) => r.dataset.address));
const title = (locator) => locator.first().getAttribute("title").then(Number);

async function noHorizontalOverflow(page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= client + 1, `page overflows sideways: ${scroll} > ${client}`);
}

test("keeper overview (/keeper): protocol metrics and the top pairs by TVL and by volume", async () => {
  const page = await visit("/keeper");
  await page.waitForSelector('[data-testid="protocol"]');
  await page.waitForSelector('[data-testid="top-volume"] tbody tr');
  const [metrics] = [].concat(await raw("/info/protocol_metrics"));
  for (const field of ["total_tvl", "daily_trade_volume", "total_trade_volume", "daily_fee", "total_fee"]) {
    assert.equal(await title(page.locator(`[data-field="${field}"]`)), metrics[field], field);
  }
  const byTvl = await list("limit=10&sort_key=tvl&order_by=desc");
  const byVolume = await list("limit=10&sort_key=volume&order_by=desc");
  assert.deepEqual(await rowAddresses(page, '[data-testid="top-tvl"]'), byTvl.pairs.map((p) => p.address));
  assert.deepEqual(await rowAddresses(page, '[data-testid="top-volume"]'), byVolume.pairs.map((p) => p.address));
  const firstTvl = page.locator('[data-testid="top-tvl"] tbody tr').first().locator('[data-field="liquidity"]');
  assert.equal(await title(firstTvl), Number(byTvl.pairs[0].liquidity));
  await screenshot(page, "keeper-home");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("pairs: default view, sorting both ways with the back button, pagination and page size", async () => {
  const page = await visit("/pairs");
  await page.waitForSelector('[data-testid="pairs-table"] tbody tr');
  const first = await list("page=0&limit=25&sort_key=tvl&order_by=desc");
  assert.deepEqual(await rowAddresses(page), first.pairs.map((p) => p.address));
  const cell = page.locator('[data-testid="pairs-table"] tbody tr').first();
  assert.equal(await title(cell.locator('[data-field="liquidity"]')), Number(first.pairs[0].liquidity));
  assert.equal(await title(cell.locator('[data-field="apr"]')), first.pairs[0].apr);
  assert.match(await page.textContent('[data-testid="page-info"]'), new RegExp(`of ${first.total}$`));
  await screenshot(page, "pairs");

  await page.click('button[data-sort="volume"]');
  await page.waitForURL(/sort=volume/);
  await done(page);
  const byVolume = await list("page=0&limit=25&sort_key=volume&order_by=desc");
  await page.waitForFunction((a) => document.querySelector('[data-testid="pairs-table"] tbody tr')?.dataset.address === a, byVolume.pairs[0].address);
  assert.deepEqual(await rowAddresses(page), byVolume.pairs.map((p) => p.address));
  await page.click('button[data-sort="volume"]');
  await page.waitForURL(/order=asc/);
  const volumeAsc = await list("page=0&limit=25&sort_key=volume&order_by=asc");
  await page.waitForFunction((a) => document.querySelector('[data-testid="pairs-table"] tbody tr')?.dataset.address === a, volumeAsc.pairs[0].address);
  assert.equal(await page.getAttribute('th[aria-sort="ascending"] button', "data-sort"), "volume");
  await page.goBack();
  await page.waitForURL((u) => !u.search.includes("order=asc"));
  await page.waitForFunction((a) => document.querySelector('[data-testid="pairs-table"] tbody tr')?.dataset.address === a, byVolume.pairs[0].address);

  // Every sort key, both ways, through the select and the order control.
  for (const key of ["feetvlratio", "lm", "feetvlratio30m", "volume12h"]) {
    await page.selectOption('select[name="sort"]', key);
    await page.waitForURL(new RegExp(`sort=${key}`));
    await page.selectOption('select[name="order"]', "asc");
    await page.waitForURL(/order=asc/);
    const expected = await list(`page=0&limit=25&sort_key=${key}&order_by=asc`);
    await page.waitForFunction((a) => document.querySelector('[data-testid="pairs-table"] tbody tr')?.dataset.address === a, expected.pairs[0].address);
    await page.selectOption('select[name="order"]', "desc");
    await page.waitForURL((u) => !u.search.includes("order=asc"));
  }

  await page.goto(`${site.url}/pairs`);
  await page.waitForSelector('[data-testid="pairs-table"] tbody tr');
  await page.click('nav.pager button:has-text("Next")');
  await page.waitForURL(/page=1/);
  const second = await list("page=1&limit=25&sort_key=tvl&order_by=desc");
  await page.waitForFunction((a) => document.querySelector('[data-testid="pairs-table"] tbody tr')?.dataset.address === a, second.pairs[0].address);
  assert.match(await page.textContent('[data-testid="page-info"]'), /^Page 2 of/);
  await page.selectOption('select[name="limit"]', "10");
  await page.waitForURL(/limit=10/);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="pairs-table"] tbody tr').length === 10);
  assert.ok(!page.url().includes("page=1"), "changing the page size goes back to the first page");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("pairs: search, TVL floor, hide-unknown, hide-low-APR and mint filters live in the URL", async () => {
  const page = await visit("/pairs");
  await page.waitForSelector('[data-testid="pairs-table"] tbody tr');
  await page.fill("#f-search", "SOL");
  await page.fill("#f-tvl", "1000");
  await page.press("#f-search", "Enter");
  await page.waitForURL(/q=SOL.*minTvl=1000/);
  const expected = await list("page=0&limit=25&sort_key=tvl&order_by=desc&search_term=SOL&hide_low_tvl=1000");
  await page.waitForFunction((t) => document.querySelector('[data-testid="page-info"]')?.textContent.endsWith(`of ${t}`), expected.total);
  assert.deepEqual(await rowAddresses(page), expected.pairs.map((p) => p.address));
  for (const p of expected.pairs) assert.ok(Number(p.liquidity) >= 1000);

  await page.check('input[name="hideUnknown"]');
  await page.waitForURL(/hideUnknown=1/);
  await page.check('input[name="hideLowApr"]');
  await page.waitForURL(/hideLowApr=1/);
  const filtered = await list("page=0&limit=25&sort_key=tvl&order_by=desc&search_term=SOL&hide_low_tvl=1000&include_unknown=false&hide_low_apr=true");
  await page.waitForFunction((t) => document.querySelector('[data-testid="page-info"]')?.textContent.endsWith(`of ${t}`) || (t === 0 && document.querySelector('[data-state="empty"]')), filtered.total);

  // A shared link restores the same view.
  const shared = await visit(new URL(page.url()).pathname + new URL(page.url()).search);
  await shared.waitForSelector('[data-testid="pairs-table"] tbody tr, [data-state="empty"]');
  assert.equal(await shared.inputValue("#f-search"), "SOL");
  assert.ok(await shared.isChecked('input[name="hideUnknown"]'));
  await shared.close();

  const usdc = samples.mints.USDC;
  await page.goto(`${site.url}/pairs`);
  await page.fill("#f-mints", usdc);
  await page.press("#f-mints", "Enter");
  await page.waitForURL(/mints=/);
  const byMint = await list(`page=0&limit=25&sort_key=tvl&order_by=desc&include_token_mints=${usdc}`);
  await page.waitForFunction((t) => document.querySelector('[data-testid="page-info"]')?.textContent.endsWith(`of ${t}`), byMint.total);
  assert.deepEqual(await rowAddresses(page), byMint.pairs.map((p) => p.address));
  await screenshot(page, "pairs-filtered");

  await page.fill("#f-mints", "");
  await page.fill("#f-search", "zzzz-no-such-token");
  await page.press("#f-search", "Enter");
  await page.waitForSelector('[data-state="empty"]');
  await screenshot(page, "pairs-empty");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("groups: the grouped list with ranges, and one group's pools side by side", async () => {
  const page = await visit("/pairs?view=groups");
  await page.waitForSelector('[data-testid="groups-table"] tbody tr');
  const meta = await raw("/pair/all_by_groups_metadata?page=0&limit=25&sort_key=tvl&order_by=desc");
  const keys = await page.$$eval('[data-testid="groups-table"] tbody tr', (rows) => rows.map((r) => r.dataset.group));
  assert.deepEqual(keys, meta.metadatas.map((g) => g.lexical_order_mints));
  const firstRow = page.locator('[data-testid="groups-table"] tbody tr').first();
  assert.equal(await title(firstRow.locator('[data-field="total_tvl"]')), meta.metadatas[0].total_tvl);
  assert.equal(await firstRow.locator('[data-field="fee_tvl_ratio_range"]').getAttribute("title"),
    `${meta.metadatas[0].min_fee_tvl_ratio} – ${meta.metadatas[0].max_fee_tvl_ratio}`);
  await screenshot(page, "groups");

  await page.goto(`${site.url}/groups/${samples.group}`);
  await page.waitForSelector('[data-testid="group-table"]');
  const pools = await raw(`/pair/group_pair/${samples.group}`);
  const shown = await page.$$eval('[data-testid="group-table"] thead th[data-address]', (h) => h.map((x) => x.dataset.address));
  assert.deepEqual(new Set(shown), new Set(pools.map((p) => p.address)));
  assert.ok(shown.length >= 2);
  const tvls = await page.$$eval('[data-testid="group-table"] td[data-field="liquidity"]', (c) => c.map((x) => Number(x.title)));
  assert.deepEqual(tvls, [...tvls].sort((a, b) => b - a), "pools sorted by TVL");
  await screenshot(page, "group");

  await page.goto(`${site.url}/groups/${samples.unindexed_group}`);
  await page.waitForSelector('[data-state="not-indexed"]');
  assert.deepEqual(page.errors.filter((e) => !e.includes("500")), []);
  await page.close();
});

test("pair: every field with units, windows, charts with a span and tooltips, swaps and locks", async () => {
  const address = samples.pair_with_locks;
  const pair = await raw(`/pair/${address}`);
  const page = await visit(`/pairs/${address}`);
  await page.waitForSelector('[data-testid="chart-volume"] svg');
  await page.waitForSelector('[data-testid="swaps"] tbody tr');
  await page.waitForSelector('[data-testid="locks"] tbody tr');
  assert.equal(await page.textContent('h1 [data-field="name"]'), pair.name);
  assert.equal(await title(page.locator('[data-field="liquidity"]')), Number(pair.liquidity));
  for (const f of ["trade_volume_24h", "fees_24h", "apr", "apy", "farm_apr", "today_fees", "farm_apy"]) {
    assert.equal(await title(page.locator(`[data-field="${f}"]`)), pair[f], f);
  }
  for (const w of ["min_30", "hour_1", "hour_2", "hour_4", "hour_12", "hour_24"]) {
    for (const k of ["fees", "volume", "fee_tvl_ratio"]) {
      assert.equal(await title(page.locator(`[data-field="${k}.${w}"]`)), pair[k][w], `${k}.${w}`);
    }
  }
  assert.equal(await page.textContent('[data-field="bin_step"]'), String(pair.bin_step));
  assert.equal(await page.getAttribute('[data-field="base_fee_percentage"]', "title"), pair.base_fee_percentage);
  assert.equal(await page.textContent('[data-field="reserve_x_amount"]'), String(pair.reserve_x_amount));
  assert.match(await page.textContent(".pair"), /not annualised/);
  const links = await page.$$eval('a[href^="https://explorer.solana.com/address/"]', (a) => a.length);
  assert.ok(links >= 4);

  const swaps = await raw(`/pair/${address}/analytic/swap_history?rows_to_take=50`);
  assert.equal(await page.locator('[data-testid="swaps"] tbody tr').count(), swaps.length);
  assert.equal(await page.getAttribute('[data-testid="swaps"] tbody tr', "data-tx"), swaps[0].tx_id);
  const locks = await raw(`/pair/${address}/positions_lock`);
  assert.equal(await page.locator('[data-testid="locks"] tbody tr').count(), locks.length);

  const tvl30 = await raw(`/pair/${address}/analytic/pair_tvl?num_of_days=30`);
  const bars = await page.locator('[data-testid="chart-volume"] rect.bar').count();
  assert.equal(bars, (await raw(`/pair/${address}/analytic/pair_trade_volume?num_of_days=30`)).length);
  assert.match(await page.getAttribute('[data-testid="chart-tvl"] svg', "aria-label"), new RegExp(`${tvl30.length} days`));
  assert.match(await page.textContent('[data-testid="chart-tvl"] svg'), /USD/);
  const svg = page.locator('[data-testid="chart-tvl"] svg');
  await svg.scrollIntoViewIfNeeded();
  const box = await svg.boundingBox();
  await svg.hover({ position: { x: box.width - 20, y: box.height / 2 } });
  await page.waitForSelector('[data-testid="chart-tvl"] [data-testid="chart-tooltip"]');
  assert.match(await page.textContent('[data-testid="chart-tvl"] [data-testid="chart-tooltip"]'), new RegExp(tvl30.at(-1).day_date));
  await screenshot(page, "pair");

  await page.selectOption('select[name="days"]', "255");
  await page.waitForURL(/days=255/);
  await page.waitForFunction(() => /255 days/.test(document.querySelector('[data-testid="chart-tvl"] svg')?.getAttribute("aria-label") ?? ""));
  await page.focus('[data-testid="chart-fee"] svg');
  await page.keyboard.press("Home");
  await page.waitForSelector('[data-testid="chart-fee"] [data-testid="chart-tooltip"]');
  await page.goBack();
  await page.waitForFunction(() => /30 days/.test(document.querySelector('[data-testid="chart-tvl"] svg')?.getAttribute("aria-label") ?? ""));
  assert.deepEqual(page.errors, []);
  await page.close();

  const missing = await visit(`/pairs/${samples.unknown_pair}`);
  await missing.waitForSelector('[data-state="not-found"]');
  await screenshot(missing, "pair-not-found");
  await missing.close();
});

test("position: v1 and v2 records, one timeline and the P&L", async () => {
  const address = samples.positions[0];
  const [v1, deposits, withdraws, fees, rewards] = await Promise.all(
    ["", "/deposits", "/withdraws", "/claim_fees", "/claim_rewards"].map((s) => raw(`/position/${address}${s}`)));
  const page = await visit(`/positions/${address}`);
  await page.waitForSelector('[data-testid="timeline"] tbody tr');
  await page.waitForSelector('[data-testid="position-v2"]');
  assert.equal(await page.locator('[data-testid="timeline"] tbody tr').count(), deposits.length + withdraws.length + fees.length + rewards.length);
  for (const [kind, n] of [["deposit", deposits.length], ["withdrawal", withdraws.length], ["fee-claim", fees.length], ["reward-claim", rewards.length]]) {
    assert.equal(await page.locator(`[data-testid="timeline"] tr[data-kind="${kind}"]`).count(), n, kind);
  }
  const times = await page.$$eval('[data-testid="timeline"] tbody td:first-child', (c) => c.map((x) => Number(x.title)));
  assert.deepEqual(times, [...times].sort((a, b) => b - a), "newest first");
  const sum = (xs, f) => xs.reduce((s, x) => s + f(x), 0);
  const deposited = sum(deposits, (d) => d.token_x_usd_amount + d.token_y_usd_amount);
  const withdrawn = sum(withdraws, (d) => d.token_x_usd_amount + d.token_y_usd_amount);
  const claimed = sum(fees, (d) => d.token_x_usd_amount + d.token_y_usd_amount);
  const rewarded = sum(rewards, (d) => d.token_usd_amount);
  const close = (a, b) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
  assert.ok(close(await title(page.locator('[data-field="deposited_usd"]')), deposited));
  assert.ok(close(await title(page.locator('[data-field="net_usd"]')), withdrawn + claimed + rewarded - deposited));
  assert.equal(await title(page.locator('[data-field="fee_apr_24h"]')), v1.fee_apr_24h);
  assert.equal(await page.getAttribute('[data-field="pair_address"]', "data-value"), v1.pair_address);
  await screenshot(page, "position");
  assert.deepEqual(page.errors, []);
  await page.close();

  const unindexed = await visit(`/positions/${samples.unindexed_position}`);
  await unindexed.waitForSelector('[data-state="not-indexed"]');
  assert.match(await unindexed.textContent("main"), /not indexed/i);
  await screenshot(unindexed, "position-not-indexed");
  await unindexed.close();
});

test("wallet: earnings in a pair, and the empty state", async () => {
  const { wallet, pair } = samples.wallets[0];
  const [earning] = await raw(`/wallet/${wallet}/${pair}/earning`);
  const page = await visit(`/wallets/${wallet}/${pair}`);
  await page.waitForSelector('[data-testid="earning"]');
  assert.equal(await title(page.locator('[data-field="total_fee_usd_claimed"]')), earning.total_fee_usd_claimed);
  assert.equal(await page.textContent('[data-field="total_fee_x_claimed"]'), String(earning.total_fee_x_claimed));
  await screenshot(page, "wallet");
  await page.close();
  const none = samples.wallet_without_earnings;
  const empty = await visit(`/wallets/${none.wallet}/${none.pair}`);
  await empty.waitForSelector('[data-state="empty"]');
  await empty.close();
});

test("pool page via the pools route", async () => {
  const address = samples.pools[0];
  const page = await visit("/pools");
  await page.fill("#pool-address", address);
  await page.click('form.lookup button[type="submit"]');
  await page.waitForSelector('[data-field="tvl"]');
  const { data } = await raw(`/pools/${address}/metrics`, poolBase);
  assert.equal(await title(page.locator('[data-field="tvl"]')), data.tvl);
  await screenshot(page, "pool-lookup");
  await page.close();
});

test("global search routes a pair, a position, a pool and two mints, and says when nothing matches", async () => {
  // With the datapi hosts unreachable, the search goes on to the keeper hosts that know these addresses.
  const page = await visit("/settings");
  await page.evaluate(() => {
    localStorage.setItem("dlmm-explorer.dlmmDatapiBaseUrl", "http://127.0.0.1:9");
    localStorage.setItem("dlmm-explorer.dammV2DatapiBaseUrl", "http://127.0.0.1:9");
  });
  await page.goto(`${site.url}/keeper`);
  const search = async (text, url) => {
    await page.fill("#global-search", text);
    await page.press("#global-search", "Enter");
    await page.waitForURL(url);
  };
  await search(samples.pairs[1], new RegExp(`/pairs/${samples.pairs[1]}$`));
  await page.waitForSelector('h1 [data-field="name"]');
  await search(samples.positions[0], new RegExp(`/positions/${samples.positions[0]}$`));
  await search(samples.pools[0], new RegExp(`/pools/${samples.pools[0]}$`));
  await page.waitForSelector('[data-field="tvl"]');
  await search(`${samples.mints.SOL} ${samples.mints.USDC}`, new RegExp(`/groups/${samples.group}$`));
  await page.waitForSelector('[data-testid="group-table"]');
  // Back to the build's datapi hosts: an address no service knows is "not found".
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${site.url}/keeper`);
  await search(samples.unknown_pool, /\/search\?q=/);
  await page.waitForSelector('[data-state="not-found"]');
  await screenshot(page, "search-not-found");
  await page.goBack();
  await page.waitForURL(/\/keeper$/);
  await page.close();
});

test("errors offer a retry; unknown routes, deep links, settings and themes", async () => {
  // A link's data source needs consent: nothing changes until the visitor confirms the named host.
  const page = await visit("/pairs?pairBaseUrl=http://127.0.0.1:9");
  await page.waitForSelector('[data-testid="consent"]');
  assert.match(await page.textContent('[data-testid="consent"] h2'), /127\.0\.0\.1:9/);
  await page.waitForSelector('[data-testid="pairs-table"] tbody tr'); // still the build's source meanwhile
  assert.equal(await page.locator('[data-testid="source-banner"]').count(), 0);
  await screenshot(page, "consent");
  await Promise.all([page.waitForURL(/\/pairs$/), page.click('[data-testid="consent-accept"]')]);
  await page.waitForSelector('[data-state="error"] button');
  assert.match(await page.textContent('[data-testid="source-banner"]'), /Pair API from 127\.0\.0\.1:9/);
  await screenshot(page, "pairs-error");
  await page.click('[data-state="error"] button');
  await page.waitForSelector('[data-state="error"]');
  await page.goto(`${site.url}/settings`);
  await page.waitForSelector('[data-testid="stored-sources"] li');
  assert.match(await page.textContent('[data-testid="stored-sources"]'), /http:\/\/127\.0\.0\.1:9/);
  await page.goto(`${site.url}/pairs`);
  await page.click('[data-testid="source-reset"]');
  await page.waitForSelector('[data-testid="pairs-table"] tbody tr');
  assert.equal(await page.locator('[data-testid="source-banner"]').count(), 0);
  assert.equal(await page.evaluate(() => localStorage.getItem("dlmm-explorer.pairBaseUrl")), null);
  // "Ignore the link" drops the proposal and leaves the address bar without it.
  await page.goto(`${site.url}/pairs?pairBaseUrl=https://evil.example`);
  await page.waitForSelector('[data-testid="consent"]');
  // This build's CSP allows its own APIs and loopback only: the panel warns that the foreign host would be blocked.
  assert.match(await page.textContent('[data-testid="consent-blocked"]'), /https:\/\/evil\.example/);
  await page.click('[data-testid="consent-decline"]');
  assert.equal(await page.locator('[data-testid="consent"]').isVisible(), false);
  assert.ok(!page.url().includes("evil"), page.url());
  await page.close();

  const lost = await visit("/no/such/page");
  await lost.waitForSelector('[data-state="not-found"]');
  await lost.close();

  const settings = await visit("/settings");
  await settings.waitForSelector('[data-testid="in-effect"]');
  assert.match(await settings.textContent('[data-testid="in-effect"]'), new RegExp(pairBase.replace(/[.:/]/g, "\\$&")));
  await settings.fill("#s-pair", "ftp://nope");
  await settings.click('form.settings button[type="submit"]');
  await settings.waitForSelector(".field-error");
  await settings.fill("#s-pair", pairBase);
  await settings.click('form.settings button[type="submit"]');
  await settings.waitForLoadState("load");
  await settings.waitForSelector('[data-testid="in-effect"]');
  assert.equal(await settings.evaluate(() => localStorage.getItem("dlmm-explorer.pairBaseUrl")), pairBase);
  await screenshot(settings, "settings");
  await settings.evaluate(() => localStorage.clear());
  await settings.close();

  const dark = await visit("/keeper", { colorScheme: "light" });
  await dark.waitForSelector('[data-testid="top-tvl"] tbody tr');
  await dark.click("button.theme");
  assert.equal(await dark.getAttribute("html", "data-theme"), "dark");
  const bg = await dark.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(bg, "rgb(15, 17, 21)");
  await screenshot(dark, "home-dark");
  await dark.close();
});

test("phone width: no sideways page overflow; keyboard focus is visible", async () => {
  const phone = { viewport: { width: 375, height: 740 } };
  for (const [path, ready, name] of [
    ["/pairs", '[data-testid="pairs-table"] tbody tr', "pairs-phone"],
    [`/pairs/${samples.pair_with_farm}`, '[data-testid="chart-tvl"] svg', "pair-phone"],
    [`/positions/${samples.positions[0]}`, '[data-testid="timeline"]', "position-phone"],
    [`/groups/${samples.group}`, '[data-testid="group-table"]', "group-phone"],
  ]) {
    const page = await visit(path, phone);
    await page.waitForSelector(ready);
    await noHorizontalOverflow(page);
    await screenshot(page, name);
    await page.close();
  }
  const page = await visit("/keeper");
  await page.waitForSelector('[data-testid="top-tvl"] tbody tr');
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, "none");
  await page.close();
});
