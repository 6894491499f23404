// The wallet page across protocols (/wallets/:wallet) in the release build against the replica's portfolio service:
// balance, performance for every window, the USD/SOL switch kept in the URL, a month's calendar with its details on
// hover and focus, month navigation, the cumulative curve, the folded-in DLMM positions, every state, screenshots
// in both themes. Every figure is checked against the replica's raw JSON, as exact text.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchChromium, openPage, screenshotThemes, download, parseCsv } from "./support.mjs";

const { DIST_DIR, DLMM_PAIR_BASE_URL, DLMM_DATAPI_BASE_URL, PORTFOLIO_DATAPI_BASE_URL } = process.env;
assert.ok(DIST_DIR, "DIST_DIR must be set (run `cargo xtask ci`)");
assert.ok(DLMM_PAIR_BASE_URL && PORTFOLIO_DATAPI_BASE_URL, "the replica's URLs must be set (run `cargo xtask ci`)");

const RANGES = ["1d", "7d", "30d", "1y", "ytd", "all"];

let site, browser, samples;
before(async () => {
  samples = (await (await fetch(`${DLMM_PAIR_BASE_URL}/__replica/samples`)).json()).datapi;
  site = await serveDist(DIST_DIR);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

const api = async (path) => {
  const response = await fetch(`${PORTFOLIO_DATAPI_BASE_URL}${path}`);
  assert.equal(response.status, 200, path);
  return response.json();
};
const attrs = (page, selector, name) => page.$$eval(selector, (els, n) => els.map((e) => e.getAttribute(n)), name);
const value = (page, selector) => page.getAttribute(selector, "data-value");

/// The month (YYYY-MM) of the wallet's newest calendar point, looking back from its newest closed position.
async function busiestMonth(wallet) {
  for (let back = 0, date = new Date(); back < 36; back++) {
    const month = date.toISOString().slice(0, 7);
    const { data_points } = await api(`/chart/calendar/${wallet}?month=${month}`);
    if (data_points.length > 0) return { month, days: data_points };
    date = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1));
  }
  throw new Error(`no calendar points for ${wallet} in three years`);
}

test("a wallet: balance, every window's performance, USD and SOL, a month's calendar and its curve", async () => {
  const { wallet } = samples.wallet_with_positions;
  const balances = await api(`/balances/${wallet}`);
  const performances = await Promise.all(RANGES.map((r) => api(`/performances/${wallet}?time_range=${r}`)));
  const { month, days } = await busiestMonth(wallet);
  const page = await openPage(browser);
  await page.goto(`${site.url}/wallets/${wallet}?month=${month}`);
  await page.waitForSelector('[data-testid="performance"] tbody tr');
  await page.waitForSelector('[data-testid="calendar-grid"] button.day');

  // Balance and performance, USD.
  assert.equal(await page.getAttribute('[data-testid="balance-cards"] [data-field="balance"]', "title"), balances.balance_usd);
  assert.deepEqual(await attrs(page, '[data-testid="performance"] tbody tr', "data-range"), RANGES);
  assert.deepEqual(await attrs(page, '[data-testid="performance"] [data-field="pnl"]', "data-value"), performances.map((p) => p.pnl_usd));
  assert.deepEqual(
    await attrs(page, '[data-testid="performance"] [data-field="realized_pnl_usd"]', "data-value"),
    performances.map((p) => p.realized_pnl_usd),
  );
  assert.deepEqual(
    await page.$$eval('[data-testid="performance"] [data-field="wins_losses"]', (els) => els.map((e) => e.textContent)),
    performances.map((p) => `${p.win_count_usd} · ${p.loss_count_usd}`),
  );

  // The calendar: every point the service sent is its day's button, by sign; the rest are blank.
  const shown = await page.$$eval('[data-testid="calendar-grid"] button.day', (els) =>
    els.map((e) => ({ day: e.dataset.day, pnl: e.dataset.pnl ?? null, up: e.classList.contains("up"), down: e.classList.contains("down") })),
  );
  const expectedDays = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).getUTCDate();
  assert.equal(shown.length, expectedDays);
  for (const point of days) {
    const day = new Date(point.timestamp * 1000).toISOString().slice(0, 10);
    const cell = shown.find((c) => c.day === day);
    assert.equal(cell?.pnl, point.pnl_usd, day);
    assert.equal(cell.down, point.pnl_usd.startsWith("-") && Number(point.pnl_usd) !== 0, day);
  }
  assert.equal(shown.filter((c) => c.pnl !== null).length, days.length);

  // A day's details on hover, then on focus from the keyboard.
  const [first, last] = [days[0], days[days.length - 1]];
  const dayOf = (p) => new Date(p.timestamp * 1000).toISOString().slice(0, 10);
  await page.hover(`button.day[data-day="${dayOf(first)}"]`);
  assert.equal(await page.textContent('[data-testid="day-details"] [data-field="day"]'), dayOf(first));
  assert.equal(await value(page, '[data-testid="day-details"] > p [data-field="pnl_usd"]'), first.pnl_usd);
  assert.equal(
    await page.textContent('[data-testid="day-details"] [data-field="counts"]'),
    `${first.closed_position_count} closed: ${first.win_count_usd} won, ${first.loss_count_usd} lost`,
  );
  if (first.dlmm) assert.equal(await value(page, '[data-testid="day-details"] li[data-protocol="DLMM"] [data-field="pnl_usd"]'), first.dlmm.pnl_usd);
  await page.focus(`button.day[data-day="${dayOf(last)}"]`);
  assert.equal(await page.textContent('[data-testid="day-details"] [data-field="day"]'), dayOf(last));
  await screenshotThemes(page, "wallet-pnl-usd");

  // The cumulative curve has a point per day and ends at the month's total.
  const total = days.reduce((sum, d) => sum + Number(d.pnl_usd), 0);
  const label = await page.getAttribute('[data-testid="cumulative-pnl"] svg', "aria-label");
  assert.match(label, new RegExp(`: ${expectedDays} days, from `));
  const shownTotal = Number(await value(page, '[data-field="month_total"]'));
  assert.ok(Math.abs(shownTotal - total) <= 1e-9 * Math.max(1, Math.abs(total)), `${shownTotal} vs ${total}`);

  // SOL: a click, kept in the URL; the P&L figures switch to their SOL values.
  await Promise.all([page.waitForURL((u) => u.search.includes("unit=sol")), page.click('button[data-unit="sol"]')]);
  assert.equal(await page.getAttribute('button[data-unit="sol"]', "aria-pressed"), "true");
  assert.equal(await page.getAttribute('[data-testid="balance-cards"] [data-field="balance"]', "title"), balances.balance_sol);
  assert.deepEqual(await attrs(page, '[data-testid="performance"] [data-field="pnl"]', "data-value"), performances.map((p) => p.pnl_sol));
  assert.deepEqual(
    await attrs(page, '[data-testid="performance"] [data-field="pnl_pct"]', "data-value"),
    performances.map((p) => p.pnl_sol_pct_change),
  );
  assert.equal(new URL(page.url()).searchParams.get("month"), month, "the month stays");
  await screenshotThemes(page, "wallet-pnl-sol");

  // The month before, from the keyboard; the URL keeps it and the calendar follows.
  const before = await page.getAttribute('[data-testid="month-nav"] button:first-of-type', "data-month");
  await page.focus('[data-testid="month-nav"] button:first-of-type');
  await Promise.all([page.waitForURL((u) => u.search.includes(`month=${before}`)), page.keyboard.press("Enter")]);
  await page.waitForSelector(`[data-testid="month-nav"] [data-field="month"]:text("${before}")`);
  assert.equal(new URL(page.url()).searchParams.get("unit"), "sol", "the unit chosen after the month was drawn stays");
  const earlier = (await api(`/chart/calendar/${wallet}?month=${before}`)).data_points;
  if (earlier.length === 0) await page.waitForSelector('[data-testid="wallet-calendar"] [data-state="empty"]');
  else await page.waitForSelector(`button.day[data-day="${dayOf(earlier[0])}"][data-pnl="${earlier[0].pnl_usd}"]`);

  // The DLMM positions are folded in below.
  await page.waitForSelector('[data-testid="wallet-totals"]');
  assert.deepEqual(page.errors, []);
  await page.close();
});

/** A downloaded file's `fetched_at` is a UTC time within the last ten minutes. */
function assertFreshTime(text) {
  assert.match(text, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
  const age = Date.now() - Date.parse(text.replace(" UTC", "Z").replace(" ", "T"));
  assert.ok(age >= -5000 && age < 600_000, text);
}

test("downloads: a calendar month and every window's performance, as CSV and JSON, exact", async () => {
  const { wallet } = samples.wallet_with_positions;
  const { month, days } = await busiestMonth(wallet);
  const page = await openPage(browser);
  await page.goto(`${site.url}/wallets/${wallet}?month=${month}`);
  await page.waitForSelector('[data-testid="calendar-downloads"]');

  const calendarSource = `${PORTFOLIO_DATAPI_BASE_URL}/chart/calendar/${wallet}?month=${month}`;
  const csv = await download(page, "calendar-downloads", "csv");
  assert.equal(csv.name, `calendar-${wallet}-${month}.csv`);
  const parsed = parseCsv(csv.text);
  assert.equal(parsed.provenance.source, calendarSource);
  assertFreshTime(parsed.provenance.fetched_at);
  assert.deepEqual(
    parsed.rows.map((r) => [Number(r.timestamp), r.pnl_usd, Number(r.closed_position_count), r.fees_earned_usd, r.dlmm_pnl_usd]),
    days.map((d) => [d.timestamp, d.pnl_usd, d.closed_position_count, d.fees_earned_usd, d.dlmm?.pnl_usd ?? ""]),
  );
  const json = await download(page, "calendar-downloads", "json");
  assert.equal(json.name, `calendar-${wallet}-${month}.json`);
  const object = JSON.parse(json.text);
  assert.equal(object.source, calendarSource);
  assert.deepEqual(object.rows, parsed.rows, "the JSON holds what the CSV holds");

  const performances = await Promise.all(RANGES.map((r) => api(`/performances/${wallet}?time_range=${r}`)));
  const perf = parseCsv((await download(page, "performance-downloads", "csv")).text);
  assert.deepEqual(perf.rows.map((r) => r.time_range), RANGES);
  for (const key of ["pnl_usd", "pnl_sol", "pnl_pct_change", "realized_pnl_usd", "unrealized_fee_earned_usd", "win_rate_usd"]) {
    assert.deepEqual(perf.rows.map((r) => r[key]), performances.map((p) => p[key]), key);
  }

  assert.deepEqual(page.errors, []);
  await page.close();
});

test("positions explained: range bars against the active bin, the P&L split, its download, the position's fee check", async () => {
  const { wallet } = samples.wallet_with_positions;
  const open = await (
    await fetch(`${DLMM_DATAPI_BASE_URL}/portfolio/open?user=${wallet}&page=1&page_size=20&sort_direction=desc&sort_by=current_balances`)
  ).json();
  const records = [];
  for (const pool of open.pools) {
    const url = `${DLMM_DATAPI_BASE_URL}/positions/${pool.poolAddress}/pnl?user=${wallet}&status=open&page_size=100`;
    const body = await (await fetch(url)).json();
    records.push(...body.positions.map((r) => ({ ...r, pool: pool.poolAddress })));
  }
  assert.ok(records.length > 0, "the sample wallet has open positions");
  const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
  await page.goto(`${site.url}/wallets/${wallet}`);
  await page.waitForSelector('[data-testid="wallet-positions"] tbody tr');
  const table = '[data-testid="wallet-positions"]';
  assert.deepEqual(await attrs(page, `${table} tbody tr`, "data-position"), records.map((r) => r.positionAddress));
  const inRange = (r) => (r.lowerBinId <= r.poolActiveBinId && r.poolActiveBinId <= r.upperBinId ? "in" : "out");
  assert.deepEqual(await attrs(page, `${table} tbody tr`, "data-range"), records.map(inRange));
  const near = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  for (const r of records) {
    const row = `${table} tr[data-position="${r.positionAddress}"]`;
    assert.equal(
      await page.getAttribute(`${row} .range-bar`, "aria-label"),
      `Bins ${r.lowerBinId} to ${r.upperBinId}; active bin ${r.poolActiveBinId}, ${inRange(r)} range`.replace("out range", "out of range"),
    );
    const title = async (field) => Number(await page.getAttribute(`${row} [data-field="${field}"]`, "title"));
    assert.equal(await title("pnl_usd"), Number(r.pnlUsd));
    assert.ok(near((await title("fees_earned")) + (await title("rest")), Number(r.pnlUsd)), r.positionAddress);
    const unclaimed = Number(r.unrealizedPnl.unclaimedFeeTokenX.usd) + Number(r.unrealizedPnl.unclaimedFeeTokenY.usd);
    assert.ok(near(await title("fees_earned"), Number(r.allTimeFees.total.usd) + unclaimed), "fees: claimed and unclaimed");
  }
  await page.locator('[data-testid="wallet-positions"]').scrollIntoViewIfNeeded();
  await screenshotThemes(page, "wallet-positions-phone");

  // The download reads back to the very values received; the split adds up.
  const csv = parseCsv((await download(page, "positions-downloads", "csv")).text);
  for (const pool of open.pools) assert.ok(csv.provenance.source.includes(`/positions/${pool.poolAddress}/pnl?user=${wallet}`));
  assert.deepEqual(csv.rows.map((r) => r.position_address), records.map((r) => r.positionAddress));
  for (const [i, r] of records.entries()) {
    const got = csv.rows[i];
    assert.deepEqual(
      [got.pool_address, Number(got.lower_bin_id), Number(got.upper_bin_id), Number(got.pool_active_bin_id)],
      [r.pool, r.lowerBinId, r.upperBinId, r.poolActiveBinId],
    );
    assert.equal(got.pnl_sol, r.pnlSol, "SOL P&L as its exact text");
    for (const [column, wire] of [["pnl_usd", r.pnlUsd], ["all_time_fees_usd", r.allTimeFees.total.usd], ["balances", r.unrealizedPnl.balances]]) {
      assert.equal(Number(got[column]), Number(wire), column);
    }
    assert.ok(near(Number(got.fees_earned_usd) + Number(got.rest_usd), Number(r.pnlUsd)));
    assert.ok(near(Number(got.fees_earned_sol) + Number(got.rest_sol), Number(r.pnlSol)));
  }
  assert.deepEqual(JSON.parse((await download(page, "positions-downloads", "json")).text).rows, csv.rows);

  // A position's page: its row, and its claimed fees checked against its fee-claim events.
  const first = records[0];
  await page.goto(`${site.url}/dlmm/positions/${first.positionAddress}`);
  await page.waitForSelector('[data-testid="fee-check"]');
  assert.equal(await page.getAttribute('[data-testid="position-pnl"] tbody tr', "data-range"), inRange(first));
  assert.equal(await page.getAttribute('[data-testid="fee-check"]', "data-agrees"), "true");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a wallet the service does not know, a bad address, and a portfolio host that is down", async () => {
  const page = await openPage(browser);
  await page.goto(`${site.url}/wallets/${samples.wallet_without_positions}`);
  await page.waitForSelector('[data-testid="wallet-balance"] [data-state="empty"]');
  await page.waitForSelector('[data-testid="wallet-calendar"] [data-state="empty"]');
  await screenshotThemes(page, "wallet-pnl-unknown");

  await page.goto(`${site.url}/wallets/not-a-wallet`);
  await page.waitForSelector('[data-state="not-found"][data-kind="invalidInput"]');
  assert.equal(await page.locator('[data-state="not-found"]').count(), 1, "one explanation, nothing sent");
  // The unknown wallet's three 404s are the browser's own log lines; nothing else went wrong.
  assert.deepEqual(page.errors.filter((e) => !e.includes("status of 404")), []);
  await page.close();

  // The portfolio service down: its sections fail with a way to try again; the DLMM sections still load.
  const { wallet } = samples.wallet_with_positions;
  const down = await openPage(browser);
  await down.goto(`${site.url}/?portfolioDatapiBaseUrl=${encodeURIComponent("http://127.0.0.1:9")}`);
  await down.waitForSelector('[data-testid="consent"]');
  await Promise.all([down.waitForURL((u) => !u.search.includes("BaseUrl")), down.click('[data-testid="consent-accept"]')]);
  await down.goto(`${site.url}/wallets/${wallet}`);
  await down.waitForSelector('[data-testid="wallet-balance"] [data-state="error"] button');
  await down.waitForSelector('[data-testid="wallet-calendar"] [data-state="error"]');
  await down.waitForSelector('[data-testid="wallet-totals"]');
  await down.setViewportSize({ width: 390, height: 844 });
  await screenshotThemes(down, "wallet-pnl-error-phone");
  await down.close();
});
