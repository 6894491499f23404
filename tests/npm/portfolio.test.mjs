// The portfolio service through the npm package as users get it: `createDatapiClient({ portfolioBaseUrl })` and its
// `portfolio` namespace against the replica's portfolio port over real HTTP, every figure compared with the raw JSON
// a plain `fetch` gets (exact decimal text), a calendar of several months merged from one request per month, and bad
// input refused before anything is sent.
// Run by `cargo xtask ci` (it builds pkg/, starts the replica and sets PORTFOLIO_DATAPI_BASE_URL).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { camel, installPackage, json } from "./support.mjs";

const portfolioBaseUrl = process.env.PORTFOLIO_DATAPI_BASE_URL;
const dlmmBaseUrl = process.env.DLMM_DATAPI_BASE_URL;
assert.ok(portfolioBaseUrl && dlmmBaseUrl, "PORTFOLIO_DATAPI_BASE_URL and DLMM_DATAPI_BASE_URL must be set (run `cargo xtask ci`)");

let sdk;
let remove = () => {};
let wallet;

before(async () => {
  ({ sdk, remove } = await installPackage());
  wallet = (await json(`${dlmmBaseUrl}/__replica/samples`)).datapi.wallet_with_positions.wallet;
});

after(() => remove());

const client = (options = {}) =>
  sdk.createDatapiClient({ portfolioBaseUrl, dlmmBaseUrl, timeoutMs: 10_000, rateLimit: false, ...options });

/** The SDK's value has the raw body's every member, camelCased, with the same text or number. */
function same(value, raw, path) {
  if (Array.isArray(raw)) {
    assert.equal(value.length, raw.length, `${path}: length`);
    raw.forEach((r, i) => same(value[i], r, `${path}[${i}]`));
  } else if (raw !== null && typeof raw === "object") {
    for (const [key, r] of Object.entries(raw)) same(value[camel(key)], r, `${path}.${camel(key)}`);
  } else if (typeof raw === "string") {
    assert.equal(value, raw, `${path}: the exact text`);
  } else if (typeof raw === "number" && Number.isInteger(raw)) {
    assert.equal(Number(value), raw, path);
  } else {
    assert.equal(value, raw, path);
  }
}

test("performance over every window, balances and a month: every figure as the service sent it", async () => {
  const portfolio = client().portfolio;
  assert.equal(client().portfolioBaseUrl, portfolioBaseUrl);
  for (const timeRange of ["1d", "7d", "30d", "1y", "ytd", "all"]) {
    const raw = await json(`${portfolioBaseUrl}/performances/${wallet}?time_range=${timeRange}`);
    same(await portfolio.getPerformance(wallet, { timeRange }), raw, `performance ${timeRange}`);
  }
  same(await portfolio.getBalances(wallet), await json(`${portfolioBaseUrl}/balances/${wallet}`), "balances");
  // The latest month with a closed position.
  let busy;
  for (let m = 11; m >= 0 && !busy; m--) {
    const month = m === 0 ? "2024-12" : `2025-${String(m).padStart(2, "0")}`;
    const raw = await json(`${portfolioBaseUrl}/chart/calendar/${wallet}?month=${month}`);
    if (raw.data_points.length > 0) busy = { month, raw };
  }
  assert.ok(busy, "the sample wallet closed positions within the last year");
  const calendar = await portfolio.getCalendar(wallet, { month: busy.month });
  same(calendar, busy.raw, `calendar ${busy.month}`);
  assert.equal(typeof calendar.dataPoints[0].pnlUsd, "string", "decimal text, never a rounded number");
});

test("a range of months is fetched month by month and merged, each day once, oldest first", async () => {
  const months = ["2025-08", "2025-09", "2025-10", "2025-11"];
  const expected = [];
  for (const month of months) expected.push(...(await json(`${portfolioBaseUrl}/chart/calendar/${wallet}?month=${month}`)).data_points);
  const merged = await client().portfolio.getCalendar(wallet, { fromMonth: "2025-08", toMonth: "2025-11" });
  same(merged, { data_points: expected }, "merged calendar");
  const times = merged.dataPoints.map((d) => Number(d.timestamp));
  assert.deepEqual(times, [...times].sort((a, b) => a - b));
});

test("bad input rejects with invalidInput before anything is sent; an unknown wallet is notFound", async () => {
  const portfolio = client().portfolio;
  const rejects = async (promise, parameter) => {
    const error = await promise.then(() => assert.fail("resolved"), (e) => e);
    assert.ok(sdk.isDlmmError(error), String(error));
    assert.equal(error.kind, "invalidInput");
    assert.equal(error.parameter, parameter);
  };
  await rejects(portfolio.getPerformance("nope"), "wallet");
  await rejects(portfolio.getPerformance(wallet, { timeRange: "2w" }), "timeRange");
  await rejects(portfolio.getPerformance(wallet, { since: 1 }), "since");
  await rejects(portfolio.getCalendar(wallet, { month: "2025-13" }), "month");
  await rejects(portfolio.getCalendar(wallet, { fromMonth: "2025-01" }), "month");
  await rejects(portfolio.getCalendar(wallet, { fromMonth: "2025-05", toMonth: "2025-01" }), "toMonth");
  await rejects(portfolio.getCalendar(wallet, { month: "2025-05", fromMonth: "2025-01", toMonth: "2025-02" }), "month");
  await rejects(portfolio.getCalendar(wallet, { fromMonth: "2000-01", toMonth: "2099-12" }), "toMonth");
  const stranger = "So11111111111111111111111111111111111111112";
  const error = await portfolio.getBalances(stranger).then(() => assert.fail("resolved"), (e) => e);
  assert.equal(error.kind, "notFound");
});

test("createDatapiClient refuses a bad portfolioBaseUrl", () => {
  assert.throws(() => client({ portfolioBaseUrl: "ftp://portfolio.example" }), (e) => e.kind === "invalidInput");
});
