// The built explorer (dist/) in headless Chromium against the running replica's datapi services: the `/` overview,
// `/dlmm/pools` (sorting, windows, filters, search, page size and pages, by mouse and keyboard), `/dlmm/groups` and a
// group, the global search across services, the keeper gate and the error that names an unreachable host, with the
// rendered values checked against the replica's raw JSON and screenshots of every page and state in both themes.
// Run by `cargo xtask ci` (DIST_DIR and the four DLMM_*/DAMM_* base URLs set).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchChromium, openPage, screenshotThemes, startReplica } from "./support.mjs";

const {
  DIST_DIR,
  DLMM_PAIR_BASE_URL: pairBase,
  DLMM_DATAPI_BASE_URL: dlmmBase,
  DAMM_V2_DATAPI_BASE_URL: dammBase,
} = process.env;
assert.ok(DIST_DIR && pairBase && dlmmBase && dammBase, "DIST_DIR and the base URLs must be set (run `cargo xtask ci`)");

let site, browser, samples;
before(async () => {
  site = await serveDist(DIST_DIR);
  browser = await launchChromium();
  samples = (await raw(`${pairBase}/__replica/samples`)).datapi;
});
after(async () => {
  await browser?.close();
  await site?.close();
});

async function raw(url) {
  const res = await fetch(url);
  assert.equal(res.status, 200, `${url} answered ${res.status}`);
  return res.json();
}
const pools = (query) => raw(`${dlmmBase}/pools?${query}`);

async function visit(path, options = {}) {
  const page = await openPage(browser, options);
  await page.goto(`${site.url}${path}`);
  await page.waitForSelector("main");
  return page;
}

const TABLE = '[data-testid="dlmm-pools-table"]';
const rowAddresses = (page, table = TABLE) => page.$$eval(`${table} tbody tr`, (rows) => rows.map((r) => r.dataset.address));
const title = (locator) => locator.first().getAttribute("title").then(Number);
const firstRowIs = (page, address, table = TABLE) =>
  page.waitForFunction(([t, a]) => document.querySelector(`${t} tbody tr`)?.dataset.address === a, [table, address]);
const enc = encodeURIComponent;

test("overview: protocol stats of both services and the top pools by volume, fee/TVL and age", async () => {
  const page = await visit("/");
  await page.waitForSelector('[data-testid="protocol-dlmm"]');
  await page.waitForSelector('[data-testid="protocol-damm-v2"]');
  const dlmmStats = await raw(`${dlmmBase}/stats/protocol_metrics`);
  const dammStats = await raw(`${dammBase}/stats/protocol_metrics`);
  for (const field of ["total_tvl", "volume_24h", "fee_24h", "total_volume", "total_fees"]) {
    assert.equal(await title(page.locator(`[data-testid="protocol-dlmm"] [data-field="${field}"]`)), dlmmStats[field], field);
    assert.equal(await title(page.locator(`[data-testid="protocol-damm-v2"] [data-field="${field}"]`)), dammStats[field], field);
  }
  // The fee/TVL ranking holds pools of at least $10K TVL only: dust earns any fee/TVL by chance.
  const lists = [["top-volume", "volume_24h:desc", ""], ["top-fee-tvl", "fee_tvl_ratio_24h:desc", "&filter_by=tvl%3E%3D10000"], ["newest", "pool_created_at:desc", ""]];
  for (const [id, sort, filter] of lists) {
    await page.waitForSelector(`[data-testid="${id}"] tbody tr`);
    const expected = await pools(`page_size=10&sort_by=${sort}${filter}`);
    assert.deepEqual(await rowAddresses(page, `[data-testid="${id}"]`), expected.data.map((p) => p.address), id);
    if (filter) assert.ok(expected.data.every((p) => p.tvl >= 10_000) && expected.data.length === 10, "ten pools of meaningful TVL");
  }
  const unfiltered = await pools("page_size=10&sort_by=fee_tvl_ratio_24h:desc");
  assert.ok(unfiltered.data.some((p) => p.tvl < 10_000), "without the floor, dust leads the ranking");
  // The daily statistics: both views' totals over the span, the charts in the chosen view.
  const DAY = 86_400;
  const daily = {};
  for (const metric of ["volume", "trading_fees", "protocol_fees"]) {
    daily[metric] = (await raw(`${dlmmBase}/stats/daily/${metric}?view=both`)).data_points;
  }
  const sums = (metric, days) => {
    const points = daily[metric];
    const from = points.at(-1).timestamp - (days - 1) * DAY;
    const within = points.filter((p) => days === 0 || p.timestamp >= from);
    return { n: within.length, clean: within.reduce((s, p) => s + p.clean, 0), gross: within.reduce((s, p) => s + p.gross, 0) };
  };
  const totals = '[data-testid="daily-totals"]';
  for (const [days, option] of [[90, null], [30, "30"], [0, "0"]]) {
    if (option) await page.selectOption('select[name="daily-span"]', option);
    await page.waitForSelector(`${totals}[data-days="${sums("volume", days).n}"]`);
    for (const metric of ["volume", "trading_fees", "protocol_fees"]) {
      const expected = sums(metric, days);
      const row = page.locator(`${totals} tr[data-metric="${metric}"]`);
      assert.equal(await title(row.locator('[data-field="clean"]')), expected.clean, `${metric} clean, ${days} days`);
      assert.equal(await title(row.locator('[data-field="gross"]')), expected.gross, `${metric} gross, ${days} days`);
      assert.ok(expected.clean <= expected.gross && expected.clean > 0, metric);
    }
    assert.equal(await page.locator('[data-testid="daily-volume-chart"] rect.bar').count(), sums("volume", days).n);
  }
  const cleanLabel = await page.getAttribute('[data-testid="daily-volume-chart"] svg', "aria-label");
  await page.selectOption('select[name="daily-view"]', "gross");
  await page.waitForFunction((before) =>
    document.querySelector('[data-testid="daily-volume-chart"] svg')?.getAttribute("aria-label") !== before, cleanLabel);
  const grossLabel = await page.getAttribute('[data-testid="daily-volume-chart"] svg', "aria-label");
  assert.match(grossLabel, /^Volume by day: \d+ days, from/, grossLabel);
  const refreshed = '[data-testid="protocol-dlmm"] ~ p [data-field="refreshed_at"]';
  assert.equal(await page.getAttribute(refreshed, "data-value"), String(dlmmStats.refreshed_at));
  const firstTvl = page.locator('[data-testid="top-volume"] tbody tr [data-field="tvl"]');
  assert.equal(await title(firstTvl), (await pools("page_size=10&sort_by=volume_24h:desc")).data[0].tvl);
  // The navigation leads with the datapi pages and offers the keeper (this build has keeper hosts).
  const nav = await page.$$eval('nav[aria-label="Main"] a', (links) => links.map((a) => a.textContent));
  assert.deepEqual(nav.slice(0, 4), ["Overview", "DLMM pools", "Groups", "DAMM v2 pools"]);
  assert.ok(nav.includes("Keeper"), nav.join(", "));
  await screenshotThemes(page, "overview");
  // The first top pool opens its page.
  const first = (await pools("page_size=10&sort_by=volume_24h:desc")).data[0].address;
  await Promise.all([page.waitForURL(new RegExp(`/dlmm/pools/${first}$`)), page.click('[data-testid="top-volume"] tbody tr a.name')]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a DLMM host without the daily statistics: the overview says so and shows the rest", async () => {
  // The replica's DAMM v2 host answers the daily routes 404, as a host without them would.
  const page = await visit("/settings");
  await page.evaluate((base) => localStorage.setItem("dlmm-explorer.dlmmDatapiBaseUrl", base), dammBase);
  await page.goto(`${site.url}/`);
  await page.waitForSelector('[data-testid="daily-not-served"]');
  assert.match(await page.textContent('[data-testid="daily-not-served"]'), /does not serve the daily statistics/);
  await page.waitForSelector('[data-testid="protocol-dlmm"]');
  assert.equal(await page.locator('[data-testid="daily-stats"] [data-state="error"]').count(), 0, "not an error panel");
  await page.evaluate(() => localStorage.clear());
  await page.close();
});

test("behind same-origin relays of the datapi hosts (no CORS needed): the overview and the pools list load from the page's own origin", async () => {
  const relayed = await serveDist(DIST_DIR, { "/api/dlmm/": dlmmBase, "/api/damm-v2/": dammBase });
  const page = await openPage(browser);
  try {
    const sent = [];
    page.on("request", (r) => sent.push(new URL(r.url()).origin));
    await page.goto(`${relayed.url}/settings`);
    await page.waitForSelector("main");
    await page.evaluate((origin) => {
      localStorage.setItem("dlmm-explorer.dlmmDatapiBaseUrl", `${origin}/api/dlmm`);
      localStorage.setItem("dlmm-explorer.dammV2DatapiBaseUrl", `${origin}/api/damm-v2`);
    }, relayed.url);
    await page.goto(`${relayed.url}/`);
    await page.waitForSelector('[data-testid="protocol-dlmm"]');
    await page.waitForSelector('[data-testid="protocol-damm-v2"]');
    await page.waitForSelector('[data-testid="daily-totals"]');
    await page.waitForSelector('[data-testid="top-volume"] tbody tr');
    const expected = await pools("page_size=10&sort_by=volume_24h:desc");
    assert.deepEqual(await rowAddresses(page, '[data-testid="top-volume"]'), expected.data.map((p) => p.address));
    await page.goto(`${relayed.url}/dlmm/pools`);
    await page.waitForSelector(`${TABLE} tbody tr`);
    const datapi = new Set([new URL(dlmmBase).origin, new URL(dammBase).origin]);
    assert.deepEqual(sent.filter((o) => datapi.has(o)), [], "every datapi request went to the page's own origin");
    assert.deepEqual(page.errors, []);
  } finally {
    await page.close();
    await relayed.close();
  }
});

test("an unreachable datapi host is named, with the advice to set another base URL", async () => {
  const page = await visit("/settings");
  await page.evaluate(() => localStorage.setItem("dlmm-explorer.dlmmDatapiBaseUrl", "http://127.0.0.1:9"));
  await page.goto(`${site.url}/`);
  await page.waitForSelector('[data-state="error"][data-host="127.0.0.1:9"]');
  assert.match(await page.textContent('[data-state="error"] h2'), /Cannot reach 127\.0\.0\.1:9/);
  assert.match(await page.textContent('[data-testid="error-advice"]'), /DLMM datapi at 127\.0\.0\.1:9.*CORS.*Settings/);
  // The DAMM v2 stats still load: one host down does not blank the page.
  await page.waitForSelector('[data-testid="protocol-damm-v2"]');
  await screenshotThemes(page, "overview-error");
  await Promise.all([page.waitForURL(/\/settings$/), page.click('[data-testid="error-advice"] a')]);
  await page.evaluate(() => localStorage.clear());
  await page.close();
});

test("DLMM pools: default order, header and select sorting by any metric and window, pages and page size", async () => {
  // The loading state, held until its screenshot is taken.
  const page = await openPage(browser);
  let release;
  const held = new Promise((ok) => (release = ok));
  const poolsRequest = (url) => url.href.startsWith(`${dlmmBase}/pools?`);
  await page.route(poolsRequest, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${site.url}/dlmm/pools`);
  await page.waitForSelector('main [data-state="loading"]');
  await screenshotThemes(page, "dlmm-pools-loading");
  release();
  await page.waitForSelector(`${TABLE} tbody tr`);
  await page.unroute(poolsRequest);

  const first = await pools("page=1&page_size=25&sort_by=volume_24h:desc");
  assert.deepEqual(await rowAddresses(page), first.data.map((p) => p.address));
  const row = page.locator(`${TABLE} tbody tr`).first();
  assert.equal(await title(row.locator('[data-field="tvl"]')), first.data[0].tvl);
  assert.equal(await title(row.locator('[data-field="volume"]')), first.data[0].volume["24h"]);
  assert.equal(await title(row.locator('[data-field="fee_tvl_ratio"]')), first.data[0].fee_tvl_ratio["24h"]);
  assert.equal(await row.locator("a.name").textContent(), first.data[0].name);
  assert.match(await page.textContent('[data-testid="page-info"]'), new RegExp(`of ${first.total}$`));
  await screenshotThemes(page, "dlmm-pools");

  // A header by keyboard: focus it and press Enter; again flips the direction.
  await page.focus('button[data-sort="tvl"]');
  await page.keyboard.press("Enter");
  await page.waitForURL(/sort=tvl/);
  await firstRowIs(page, (await pools("page=1&page_size=25&sort_by=tvl:desc")).data[0].address);
  await page.focus('button[data-sort="tvl"]');
  await page.keyboard.press("Enter");
  await page.waitForURL(/order=asc/);
  const tvlAsc = await pools("page=1&page_size=25&sort_by=tvl:asc");
  await firstRowIs(page, tvlAsc.data[0].address);
  assert.deepEqual(await rowAddresses(page), tvlAsc.data.map((p) => p.address));
  await page.goBack();
  await page.waitForURL((u) => !u.search.includes("order=asc"));

  // Every metric through the select, over another window.
  await page.selectOption('select[name="window"]', "4h");
  await page.waitForURL(/window=4h/);
  for (const [metric, sort] of [["fee", "fee_4h"], ["apr", "apr_4h"], ["fee_tvl_ratio", "fee_tvl_ratio_4h"], ["bin_step", "bin_step"],
    ["fee_pct", "fee_pct"], ["pool_created_at", "pool_created_at"], ["farm_apy", "farm_apy"], ["volume", "volume_4h"]]) {
    await page.selectOption('select[name="sort"]', metric);
    await page.waitForURL(new RegExp(`sort=${metric}|window=4h$`));
    const expected = await pools(`page=1&page_size=25&sort_by=${sort}:desc`);
    await firstRowIs(page, expected.data[0].address);
    assert.deepEqual(await rowAddresses(page), expected.data.map((p) => p.address), sort);
  }
  const volume4h = await pools("page=1&page_size=25&sort_by=volume_4h:desc");
  assert.equal(await title(page.locator(`${TABLE} tbody tr [data-field="volume"]`)), volume4h.data[0].volume["4h"]);

  // Pages and page size.
  await page.click('nav.pager button:has-text("Next")');
  await page.waitForURL(/page=2/);
  const second = await pools("page=2&page_size=25&sort_by=volume_4h:desc");
  await firstRowIs(page, second.data[0].address);
  assert.match(await page.textContent('[data-testid="page-info"]'), /^Page 2 of/);
  await page.selectOption('select[name="size"]', "10");
  await page.waitForURL(/size=10/);
  await page.waitForFunction((t) => document.querySelectorAll(`${t} tbody tr`).length === 10, TABLE);
  assert.ok(!page.url().includes("page=2"), "a new page size starts at the first page");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("DLMM pools: floors, blacklist, token and free text live in the URL; empty and shared links", async () => {
  const page = await visit("/dlmm/pools");
  await page.waitForSelector(`${TABLE} tbody tr`);
  await page.fill("#p-tvl", "1000");
  await page.fill("#p-volume", "10");
  await page.fill("#p-search", "SOL");
  await page.press("#p-search", "Enter");
  await page.waitForURL(/q=SOL.*minTvl=1000.*minVolume=10/);
  await page.check('input[name="hideBlacklisted"]');
  await page.waitForURL(/hideBlacklisted=1/);
  const filter = enc("is_blacklisted=false && tvl>=1000 && volume_24h>=10");
  const expected = await pools(`page=1&page_size=25&query=SOL&sort_by=volume_24h:desc&filter_by=${filter}`);
  assert.ok(expected.data.length > 0, "the replica has such pools");
  await page.waitForFunction(
    ([t, n]) => document.querySelector('[data-testid="page-info"]')?.textContent.endsWith(`of ${n}`) && document.querySelector(`${t} tbody tr`),
    [TABLE, expected.total],
  );
  assert.deepEqual(await rowAddresses(page), expected.data.map((p) => p.address));
  for (const p of expected.data) assert.ok(p.tvl >= 1000 && !p.is_blacklisted);
  await screenshotThemes(page, "dlmm-pools-filtered");

  // A shared link restores the same view.
  const shared = await visit(new URL(page.url()).pathname + new URL(page.url()).search);
  await shared.waitForSelector(`${TABLE} tbody tr`);
  assert.equal(await shared.inputValue("#p-search"), "SOL");
  assert.equal(await shared.inputValue("#p-tvl"), "1000");
  assert.ok(await shared.isChecked('input[name="hideBlacklisted"]'));
  await shared.close();

  // The token filter, on token Y.
  await page.goto(`${site.url}/dlmm/pools`);
  await page.fill("#p-token", "USDC");
  await page.press("#p-token", "Enter");
  await page.waitForURL(/token=USDC/);
  await page.selectOption('select[name="side"]', "y");
  await page.waitForURL(/side=y/);
  const byToken = await pools(`page=1&page_size=25&sort_by=volume_24h:desc&filter_by=${enc("token_y=USDC")}`);
  assert.ok(byToken.data.length > 0);
  await firstRowIs(page, byToken.data[0].address);
  assert.deepEqual(await rowAddresses(page), byToken.data.map((p) => p.address));

  await page.goto(`${site.url}/dlmm/pools?q=zzzz-nothing`);
  await page.waitForSelector('[data-state="empty"]');
  await screenshotThemes(page, "dlmm-pools-empty");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("DLMM groups: the list, one group's pools (from two filtered pool lists), and a pair no pool trades", async () => {
  const page = await visit("/dlmm/groups");
  await page.waitForSelector('[data-testid="dlmm-groups-table"] tbody tr');
  const groups = await raw(`${dlmmBase}/pools/groups?page=1&page_size=25&sort_by=volume_24h:desc&volume_tw=volume_24h&fee_tvl_ratio_tw=fee_tvl_ratio_24h`);
  const shown = await page.$$eval('[data-testid="dlmm-groups-table"] tbody tr', (rows) => rows.map((r) => r.dataset.group));
  assert.deepEqual(shown, groups.data.map((g) => g.lexical_order_mints));
  assert.equal(await title(page.locator('[data-testid="dlmm-groups-table"] [data-field="total_tvl"]')), groups.data[0].total_tvl);
  await screenshotThemes(page, "dlmm-groups");
  await page.selectOption('select[name="sort"]', "tvl");
  await page.waitForURL(/sort=tvl/);
  const byTvl = await raw(`${dlmmBase}/pools/groups?page=1&page_size=25&sort_by=tvl:desc&volume_tw=volume_24h&fee_tvl_ratio_tw=fee_tvl_ratio_24h`);
  await page.waitForFunction((g) => document.querySelector('[data-testid="dlmm-groups-table"] tbody tr')?.dataset.group === g, byTvl.data[0].lexical_order_mints);

  const key = samples.dlmm_group;
  await page.goto(`${site.url}/dlmm/groups/${key}`);
  const table = '[data-testid="dlmm-group-table"]';
  await page.waitForSelector(`${table} tbody tr`);
  const members = await raw(`${dlmmBase}/pools/groups/${key}?page=1&page_size=100&sort_by=volume_24h:desc`);
  assert.deepEqual((await rowAddresses(page, table)).sort(), members.data.map((p) => p.address).sort());
  await screenshotThemes(page, "dlmm-group");
  const [a, b] = [samples.wallet_without_positions, samples.unknown_pool].sort();
  await page.goto(`${site.url}/dlmm/groups/${a}-${b}`);
  await page.waitForSelector('[data-state="empty"]');
  await screenshotThemes(page, "dlmm-group-not-found");
  await page.close();
});

test("a DLMM host without the group routes: groups built from its pools, a pair's pools by filters, every nav item loads, no multi-value filter sent", async () => {
  // The replica by default answers the group routes as the live DLMM host is reported to (not served).
  const live = await startReplica();
  try {
    const page = await visit("/settings");
    await page.evaluate((base) => localStorage.setItem("dlmm-explorer.dlmmDatapiBaseUrl", base), live.dlmmDatapi);
    const sent = [];
    page.on("request", (r) => sent.push(r.url()));
    await page.goto(`${site.url}/dlmm/groups`);
    await page.waitForSelector('[data-testid="groups-built"]');
    assert.match(await page.textContent('[data-testid="groups-built"]'), /does not serve pool groups.*top 1000 pools by volume/);
    await page.waitForSelector('[data-testid="dlmm-groups-table"] tbody tr');
    // Built from the top 1000 pools by 24 h volume: the 200 pairs' groups, summed.
    const top = await raw(`${live.dlmmDatapi}/pools?page_size=1000&sort_by=volume_24h:desc`);
    const groups = new Map();
    for (const p of top.data) {
      const key = [p.token_x.address, p.token_y.address].sort().join("-");
      const g = groups.get(key) ?? { count: 0, volume: 0 };
      groups.set(key, { count: g.count + 1, volume: g.volume + p.volume["24h"] });
    }
    const first = await page.getAttribute('[data-testid="dlmm-groups-table"] tbody tr', "data-group");
    const best = [...groups.entries()].sort((x, y) => y[1].volume - x[1].volume)[0];
    assert.equal(first, best[0], "the group with the most volume first");
    assert.equal(Number(await page.textContent('[data-testid="dlmm-groups-table"] tbody tr [data-field="pool_count"]')), best[1].count);
    await screenshotThemes(page, "dlmm-groups-built");
    // Its pair's pools: two filtered lists, every pool of the pair.
    await Promise.all([page.waitForURL(/\/dlmm\/groups\/.+-.+/), page.click('[data-testid="dlmm-groups-table"] tbody tr a.name')]);
    await page.waitForSelector('[data-testid="dlmm-group-table"] tbody tr');
    assert.equal(await page.locator('[data-testid="dlmm-group-table"] tbody tr').count(), best[1].count);
    // Every navigation item leads to a page that loads.
    await page.goto(`${site.url}/`);
    const links = await page.$$eval('nav[aria-label="Main"] a', (as) => as.map((a) => a.getAttribute("href")));
    for (const href of links) {
      await page.goto(new URL(href, site.url).href);
      await page.waitForSelector("main h1");
      await page.waitForFunction(() => !document.querySelector('[data-state="loading"]'), null, { timeout: 20_000 });
      assert.equal(await page.locator('main [data-state="error"]').count(), 0, `${href} loads`);
    }
    // A token filter, a search and the pair search: one value per text condition, never `field=[a|b]`.
    await page.goto(`${site.url}/dlmm/pools?token=SOL&side=y`);
    await page.waitForSelector('[data-testid="dlmm-pools-table"] tbody tr');
    const filters = sent.map((u) => new URL(u).searchParams.get("filter_by")).filter(Boolean);
    assert.ok(filters.some((f) => f.includes("token_x=") && f.includes("token_y=")), filters.join("\n"));
    assert.deepEqual(filters.filter((f) => /=\[/.test(f)), [], "no multi-value text filter");
    // The browser logs the host's 400 for the group route it lacks; nothing else goes wrong.
    assert.deepEqual(page.errors.filter((e) => !/Failed to load resource/.test(e)), []);
    await page.evaluate(() => localStorage.clear());
    await page.close();
  } finally {
    live.stop();
  }
});

test("global search: pool and group addresses on whichever service has them, token names on both", async () => {
  const page = await visit("/");
  const search = async (text, url) => {
    await page.fill("#global-search", text);
    await page.press("#global-search", "Enter");
    await page.waitForURL(url);
  };
  await search(samples.dlmm_pools[1], new RegExp(`/dlmm/pools/${samples.dlmm_pools[1]}$`));
  const damm = samples.damm_v2_pools[0];
  const dlmmKnows = (await fetch(`${dlmmBase}/pools/${damm}`)).status === 200;
  await search(damm, new RegExp(`/${dlmmKnows ? "dlmm" : "damm-v2"}/pools/${damm}$`));
  await search(samples.dlmm_group.replace("-", " "), new RegExp(`/dlmm/groups/${samples.dlmm_group}$`));
  await page.waitForSelector('[data-testid="dlmm-group-table"] tbody tr');
  await search("SOL", /\/search\?q=SOL$/);
  await page.waitForSelector('[data-testid="search-dlmm"] tbody tr');
  const expected = await pools("page_size=10&query=SOL");
  assert.deepEqual(await rowAddresses(page, '[data-testid="search-dlmm"]'), expected.data.map((p) => p.address));
  const damms = await raw(`${dammBase}/pools?page_size=10&query=SOL`);
  assert.deepEqual(await rowAddresses(page, '[data-testid="search-damm-v2"]'), damms.data.map((p) => p.address));
  await screenshotThemes(page, "search-matches");
  await search(samples.wallet_without_positions, /\/search\?q=/);
  await page.waitForSelector('[data-state="not-found"]');
  await screenshotThemes(page, "search-not-found");
  await page.close();
});

test("keeper pages without a keeper host say so, and the navigation stops offering them", async () => {
  const page = await visit("/settings");
  await page.evaluate(() => {
    localStorage.setItem("dlmm-explorer.pairBaseUrl", "https://dlmm-api.meteora.ag");
    localStorage.setItem("dlmm-explorer.poolBaseUrl", "https://dammv2-api.meteora.ag");
  });
  await page.goto(`${site.url}/pairs`);
  await page.waitForSelector('[data-state="keeper-unconfigured"]');
  assert.match(await page.textContent('[data-state="keeper-unconfigured"]'), /Pair API/);
  assert.equal(await page.locator('[data-testid="nav-keeper"]').count(), 0);
  await screenshotThemes(page, "keeper-unconfigured");
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${site.url}/keeper`);
  await page.waitForSelector('[data-testid="top-tvl"] tbody tr');
  assert.equal(await page.locator('[data-testid="nav-keeper"]').count(), 1);
  await page.close();
});

test("phone width: the datapi lists do not overflow sideways", async () => {
  for (const [path, ready, name] of [
    ["/", '[data-testid="top-volume"] tbody tr', "overview-phone"],
    ["/dlmm/pools", `${TABLE} tbody tr`, "dlmm-pools-phone"],
    ["/dlmm/groups", '[data-testid="dlmm-groups-table"] tbody tr', "dlmm-groups-phone"],
  ]) {
    const page = await visit(path, { viewport: { width: 375, height: 740 } });
    await page.waitForSelector(ready);
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scroll <= client + 1, `${path} overflows sideways: ${scroll} > ${client}`);
    await screenshotThemes(page, name);
    await page.close();
  }
});
