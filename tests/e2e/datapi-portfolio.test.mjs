// The datapi portfolio pages in the release build against the replica (its URLs baked in at build time):
// /dlmm/wallets/:wallet (the wallet page, by its first address) and /dlmm/positions/:address, every state, keyboard use, screenshots in both themes.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchChromium, openPage, screenshotThemes, download, parseCsv } from "./support.mjs";

const { DIST_DIR, DLMM_PAIR_BASE_URL, DLMM_DATAPI_BASE_URL } = process.env;
assert.ok(DIST_DIR, "DIST_DIR must be set (run `cargo xtask ci`)");
assert.ok(DLMM_PAIR_BASE_URL && DLMM_DATAPI_BASE_URL, "the replica's URLs must be set (run `cargo xtask ci`)");

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

const api = async (path) => (await fetch(`${DLMM_DATAPI_BASE_URL}${path}`)).json();
const attrs = (page, selector, name) => page.$$eval(selector, (els, n) => els.map((e) => e.getAttribute(n)), name);

test("a wallet: totals, open positions with range, closed pools, claims, limit orders", async () => {
  const { wallet } = samples.wallet_with_positions;
  const open = await api(`/portfolio/open?user=${wallet}&page=1&page_size=20&sort_direction=desc&sort_by=current_balances`);
  const closed = await api(`/portfolio?user=${wallet}&page=1&page_size=20&days_back=120`);
  const page = await openPage(browser);
  await page.goto(`${site.url}/dlmm/wallets/${wallet}`);
  await page.waitForSelector('[data-testid="wallet-open"] tbody tr');
  assert.deepEqual(await attrs(page, '[data-testid="wallet-open"] tbody tr', "data-address"), open.pools.map((p) => p.poolAddress));
  assert.deepEqual(await attrs(page, '[data-testid="wallet-closed"] tbody tr', "data-address"), closed.pools.map((p) => p.poolAddress));
  const pools = [...new Set([...open.pools, ...closed.pools].map((p) => p.poolAddress))];
  assert.deepEqual(await attrs(page, '[data-testid="wallet-claims"] tbody tr', "data-address"), pools);
  const first = open.pools[0];
  const range = await page.textContent(`[data-testid="wallet-open"] tr[data-address="${first.poolAddress}"] [data-field="range"]`);
  assert.equal(range === "In range", first.positionsOutOfRange.length === 0 && first.outOfRange === false, range);
  assert.equal(await page.textContent('[data-field="open_positions"]'), String(open.totalPositions));
  await screenshotThemes(page, "datapi-wallet");

  // Keyboard: tab to a sort header and press Enter; the choice lands in the URL.
  await page.focus('button[data-sort="unclaimed_fee"]');
  await Promise.all([page.waitForURL((u) => u.search.includes("sort=unclaimed_fee")), page.keyboard.press("Enter")]);
  await page.waitForSelector('th[aria-sort="descending"] button[data-sort="unclaimed_fee"]');
  // The closed list's window, chosen from the keyboard too.
  await page.focus("#w-days");
  await Promise.all([page.waitForURL((u) => u.search.includes("days=")), page.selectOption("#w-days", "30")]);
  assert.equal(new URL(page.url()).searchParams.get("days"), "30");

  // A position link leads to its page.
  const position = first.listPositions[0];
  await page.click(`[data-testid="wallet-positions"] tr[data-position="${position}"] a`);
  await page.waitForSelector('[data-testid="position-timeline"] li, [data-state="not-found"]');
  assert.equal(new URL(page.url()).pathname, `/dlmm/positions/${position}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a wallet with limit orders, an empty wallet, a bad address and an unreachable host", async () => {
  const { wallet } = samples.wallet_with_limit_orders;
  const summary = await api(`/wallets/${wallet}/limit_orders/summary`);
  const page = await openPage(browser);
  await page.goto(`${site.url}/dlmm/wallets/${wallet}`);
  await page.waitForSelector('[data-testid="limit-orders-open"] tbody tr');
  assert.equal(await page.textContent('[data-testid="limit-order-summary"] [data-field="open_orders"]'), String(summary.open_orders));
  await page.locator('[data-testid="limit-order-summary"]').scrollIntoViewIfNeeded();
  await screenshotThemes(page, "datapi-wallet-limit-orders");

  // Each open order bin by bin: its bins in the order sent, each marked by its fill status, the pool's active bin
  // outlined, the counts in words; the download reads back to the very amounts received.
  const pools = (await api(`/wallets/${wallet}/limit_orders/open/pools`)).data;
  const word = { fulfilled: "full", partial_filled: "part", not_filled: "none" };
  const expected = [];
  for (const { pool } of pools) {
    const orders = await api(`/wallets/${wallet}/limit_orders/open/pools/${pool.pool_address}?page_size=20`);
    for (const order of orders.data) {
      const row = `[data-testid="limit-order-bins"] tr[data-order="${order.limit_order_address}"]`;
      assert.equal(await page.getAttribute(row, "data-side"), order.is_ask_side ? "ask" : "bid");
      const bins = await page.$$eval(`${row} i.fill`, (els) => els.map((e) => [Number(e.dataset.bin), e.className]));
      assert.deepEqual(bins.map(([id]) => id), order.bin_distribution.map((b) => b.bin_id));
      for (const [i, b] of order.bin_distribution.entries()) {
        const active = b.bin_id === orders.current_active_bin_id ? " active" : "";
        assert.equal(bins[i][1], `fill ${word[b.fill_status]}${active}`, `bin ${b.bin_id}`);
      }
      const count = (s) => order.bin_distribution.filter((b) => b.fill_status === s).length;
      const words = `${count("fulfilled")} filled · ${count("partial_filled")} partly · ${count("not_filled")} open`;
      assert.equal(await page.textContent(`${row} [data-field="fills"]`), words);
      assert.equal(await page.getAttribute(`${row} .fill-bins`, "aria-label"), `Bins: ${words}`);
      for (const b of order.bin_distribution) expected.push({ order, pool, active: orders.current_active_bin_id, b });
    }
  }
  assert.ok(expected.some(({ b }) => b.fill_status === "fulfilled") && expected.some(({ b }) => b.fill_status === "not_filled"));
  await page.locator('[data-testid="limit-order-bins"]').scrollIntoViewIfNeeded();
  await screenshotThemes(page, "datapi-wallet-limit-order-bins");
  const csv = parseCsv((await download(page, "limit-order-bins-downloads", "csv")).text);
  for (const { pool } of pools) assert.ok(csv.provenance.source.includes(`/limit_orders/open/pools/${pool.pool_address}`));
  assert.equal(csv.rows.length, expected.length);
  for (const [i, { order, pool, active, b }] of expected.entries()) {
    const got = csv.rows[i];
    assert.deepEqual(
      [got.limit_order_address, got.pool_address, Number(got.bin_id), Number(got.current_active_bin_id)],
      [order.limit_order_address, pool.pool_address, b.bin_id, active],
    );
    for (const field of ["deposit_amount", "fulfilled_amount", "unfilled_amount", "output_received_amount"]) {
      assert.equal(got[field], b[field], `${field} as its exact text`);
    }
    assert.equal(Number(got.price), Number(b.price));
    assert.equal(got.fill_status, b.fill_status);
  }
  assert.deepEqual(JSON.parse((await download(page, "limit-order-bins-downloads", "json")).text).rows, csv.rows);

  await page.goto(`${site.url}/dlmm/wallets/${samples.wallet_without_positions}`);
  await page.waitForSelector('[data-state="empty"]');
  await screenshotThemes(page, "datapi-wallet-empty");

  await page.goto(`${site.url}/dlmm/wallets/not-a-wallet`);
  await page.waitForSelector('[data-state="not-found"]');
  await screenshotThemes(page, "datapi-wallet-not-found");
  // The empty wallet is unknown to the portfolio service (three 404s, logged by the browser itself); nothing else.
  assert.deepEqual(page.errors.filter((e) => !e.includes("status of 404")), []);
  await page.close();

  // A host that does not answer: the error state, with a way to try again.
  const down = await openPage(browser);
  await down.goto(`${site.url}/?dlmmDatapiBaseUrl=${encodeURIComponent("http://127.0.0.1:9")}`);
  await down.waitForSelector('[data-testid="consent"]');
  await Promise.all([down.waitForURL((u) => !u.search.includes("BaseUrl")), down.click('[data-testid="consent-accept"]')]);
  await down.goto(`${site.url}/dlmm/wallets/${wallet}`);
  await down.waitForSelector('[data-state="error"] button');
  await screenshotThemes(down, "datapi-wallet-error");
  await down.close();
});

test("a position: the event timeline, one kind at a time, its pool's P&L row, and an unknown position", async () => {
  const address = samples.position_with_events;
  const { events } = await api(`/positions/${address}/historical`);
  const page = await openPage(browser);
  await page.goto(`${site.url}/dlmm/positions/${address}`);
  await page.waitForSelector('[data-testid="position-timeline"] li');
  assert.equal(await page.locator('[data-testid="position-timeline"] li').count(), events.length);
  const newest = Math.max(...events.map((e) => e.blockTime));
  const firstSig = await page.getAttribute('[data-testid="position-timeline"] li', "data-signature");
  assert.equal(events.find((e) => e.signature === firstSig).blockTime, newest);
  await page.waitForSelector('[data-testid="position-pnl"] tbody tr');
  const { poolAddress, userAddress } = events[0];
  const pnl = await api(`/positions/${poolAddress}/pnl?user=${userAddress}&page=1&page_size=100`);
  const row = pnl.positions.find((p) => p.positionAddress === address);
  assert.equal(await page.textContent('[data-testid="position-pnl"] [data-field="bins"]'), `${row.lowerBinId} – ${row.upperBinId}`);
  await screenshotThemes(page, "datapi-position");

  // One kind, by keyboard: the chip is a link.
  await page.focus('[data-testid="event-kinds"] a:has-text("Deposits")');
  await Promise.all([page.waitForURL((u) => u.search.includes("kind=add")), page.keyboard.press("Enter")]);
  const adds = events.filter((e) => e.eventType === "add").length;
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="position-timeline"] li').length === n,
    adds,
  );
  assert.equal(await page.locator('[data-testid="position-timeline"] li:not([data-kind="deposit"])').count(), 0);
  await screenshotThemes(page, "datapi-position-deposits");

  await page.goto(`${site.url}/dlmm/positions/${samples.unknown_pool}`);
  await page.waitForSelector('[data-state="not-found"]');
  await screenshotThemes(page, "datapi-position-not-found");
  assert.deepEqual(page.errors, []);
  await page.close();
});
