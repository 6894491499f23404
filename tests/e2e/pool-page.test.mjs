// The built explorer (dist/) in headless Chromium against the running replica: the pool metrics page.
// Run by `cargo xtask ci`, which builds dist/ with the replica's base URLs and sets DIST_DIR and DLMM_*_BASE_URL.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchChromium, openPage, screenshot, format } from "./support.mjs";

const { DIST_DIR, DLMM_PAIR_BASE_URL: pairBase, DLMM_POOL_BASE_URL: poolBase } = process.env;
assert.ok(DIST_DIR && pairBase && poolBase, "DIST_DIR and DLMM_*_BASE_URL must be set (run `cargo xtask ci`)");

const USD_FIELDS = ["volume24h", "lp_fee24h", "protocol_fee24h", "partner_fee24h", "referral_fee24h", "volume7d",
  "lp_fee7d", "protocol_fee7d", "partner_fee7d", "referral_fee7d", "tvl", "volume30d", "lp_fee30d", "protocol_fee30d",
  "partner_fee30d", "referral_fee30d"];
const PERCENT_FIELDS = ["apr", "fee_tvl_ratio"];

let site, browser, samples;
before(async () => {
  site = await serveDist(DIST_DIR);
  browser = await launchChromium();
  samples = await (await fetch(`${pairBase}/__replica/samples`)).json();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

const rawMetrics = async (address) => (await (await fetch(`${poolBase}/pools/${address}/metrics`)).json()).data;

/** Checks that the page shows every one of the 20 fields of `raw`, formatted and with the exact value on hover. */
async function assertShows(page, raw) {
  assert.equal(await page.textContent('[data-field="pool_address"]'), raw.pool_address);
  for (const field of [...USD_FIELDS, ...PERCENT_FIELDS]) {
    const cell = page.locator(`[data-field="${field}"]`);
    assert.equal(Number(await cell.getAttribute("title")), raw[field], `exact ${field}`);
    // The TVL is a figure card: compact, its exact value on hover; the table's figures are in full.
    const usd = field === "tvl" ? format.compactUsd : format.usd;
    const expected = USD_FIELDS.includes(field) ? usd(raw[field]) : format.percent(raw[field]);
    assert.equal((await cell.textContent()).trim(), expected, `shown ${field}`);
  }
  const updated = page.locator('[data-field="updated_at"]');
  assert.equal(Number(await updated.getAttribute("title")), raw.updated_at);
  assert.equal(await updated.textContent(), format.unixTime(raw.updated_at));
}

test("the form leads to a pool's page showing every metric as served", async () => {
  const address = samples.pools[0];
  const page = await openPage(browser);
  await page.goto(`${site.url}/keeper`);
  await page.fill("#pool-address", address);
  await page.click('form.lookup button[type="submit"]');
  await page.waitForSelector('[data-field="tvl"]');
  assert.equal(new URL(page.url()).pathname, `/pools/${address}`);
  await assertShows(page, await rawMetrics(address));
  await screenshot(page, "pool");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a deep link matches an address in any case when asked to", async () => {
  const address = samples.pools[1];
  const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
  await page.goto(`${site.url}/pools/${address.toLowerCase()}?caseSensitive=false`);
  await page.waitForSelector('[data-field="tvl"]');
  await assertShows(page, await rawMetrics(address));
  assert.equal(await page.isChecked('input[name="caseSensitive"]'), false);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than a phone screen`);
  await screenshot(page, "pool-phone-case-insensitive");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("an unknown pool shows the not-found state", async () => {
  const page = await openPage(browser);
  await page.goto(`${site.url}/pools/${samples.unknown_pool}`);
  const state = page.locator('[data-kind="notFound"]');
  await state.waitFor();
  assert.match(await state.textContent(), /No such pool/);
  await screenshot(page, "pool-not-found");
  await page.close();
});

test("an invalid address is explained in the form and never requested", async () => {
  const page = await openPage(browser);
  const requests = [];
  page.on("request", (r) => r.url().startsWith(poolBase) && requests.push(r.url()));
  await page.goto(`${site.url}/keeper`);
  await page.fill("#pool-address", "not/a/pool");
  await page.click('form.lookup button[type="submit"]');
  const problem = page.locator(".field-error");
  await problem.waitFor();
  assert.match(await problem.textContent(), /not base58/);
  assert.equal(new URL(page.url()).pathname, "/keeper");
  assert.deepEqual(requests, []);
  await screenshot(page, "home-invalid-address");
  await page.close();
});

test("an unknown path shows the page-not-found view", async () => {
  const page = await openPage(browser);
  await page.goto(`${site.url}/no/such/page`);
  await page.getByText("Page not found").waitFor();
  assert.deepEqual(page.errors, []);
  await page.close();
});
