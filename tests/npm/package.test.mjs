// The npm package as users get it: `npm pack pkg/`, installed into a fresh project, imported by its name
// `dlmm-query` as ESM, every method called against the running replica over real HTTP.
// Run by `cargo xtask ci` (it builds pkg/, starts the replica and sets DLMM_PAIR_BASE_URL / DLMM_POOL_BASE_URL).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { camel, installPackage, json, root, serve } from "./support.mjs";

const pairBaseUrl = process.env.DLMM_PAIR_BASE_URL;
const poolBaseUrl = process.env.DLMM_POOL_BASE_URL;
assert.ok(pairBaseUrl && poolBaseUrl, "DLMM_PAIR_BASE_URL and DLMM_POOL_BASE_URL must be set (run `cargo xtask ci`)");

let sdk;
let packed;
let remove = () => {};

before(async () => {
  ({ sdk, packed, remove } = await installPackage());
});

after(() => remove());

/** The SDK value carries the raw JSON value: camelCase keys, numeric strings as numbers, amounts as bigint. */
function assertSame(sdkValue, raw, path) {
  if (Array.isArray(raw)) {
    assert.ok(Array.isArray(sdkValue), `${path}: not an array`);
    assert.equal(sdkValue.length, raw.length, `${path}: length`);
    raw.forEach((r, i) => assertSame(sdkValue[i], r, `${path}[${i}]`));
  } else if (raw === null) {
    assert.ok(sdkValue == null, `${path}: not empty`);
  } else if (typeof raw === "object") {
    for (const [k, v] of Object.entries(raw)) assertSame(sdkValue[camel(k)], v, `${path}.${k}`);
  } else if (typeof sdkValue === "bigint") {
    if (typeof raw === "string" || Number.isSafeInteger(raw)) assert.equal(sdkValue, BigInt(raw), path);
  } else if (typeof raw === "string" && typeof sdkValue === "number") {
    assert.equal(sdkValue, Number(raw), path);
  } else {
    assert.strictEqual(sdkValue, raw, path);
  }
}

test("the tarball ships only the allow-listed files", () => {
  const files = packed.files.map((f) => f.path).sort();
  assert.deepEqual(files, [
    "README.md", "dlmm_query_wasm.d.ts", "dlmm_query_wasm.js", "dlmm_query_wasm_bg.wasm",
    "dlmm_query_wasm_bg.wasm.d.ts", "index.d.ts", "index.js", "node.js", "package.json", "worker.js",
  ]);
  assert.equal(packed.name, "dlmm-query");
});

test("every method resolves to what the replica serves", async () => {
  const client = sdk.createClient({ pairBaseUrl, poolBaseUrl, timeoutMs: 10000, retry: { maxAttempts: 2 }, rateLimit: false });
  const s = await json(`${pairBaseUrl}/__replica/samples`);
  const P = pairBaseUrl;

  const proto = await json(`${P}/info/protocol_metrics`);
  assertSame(await client.getProtocolMetrics(), Array.isArray(proto) ? proto[0] : proto, "protocol");
  assertSame(await client.all(), await json(`${P}/pair/all`), "all");
  const q = "page=0&limit=9&sort_key=volume&hide_low_tvl=10";
  const opts = { page: 0, limit: 9, sortKey: "volume", hideLowTvl: 10 };
  assertSame(await client.allWithPagination(opts), await json(`${P}/pair/all_with_pagination?${q}`), "pagination");
  assertSame(await client.allByGroups(opts), await json(`${P}/pair/all_by_groups?${q}`), "groups");
  assertSame(await client.allByGroupsMetadata(opts), await json(`${P}/pair/all_by_groups_metadata?${q}`), "metadatas");
  assertSame(await client.getSingleGroupPair(s.group), await json(`${P}/pair/group_pair/${s.group}`), "group_pair");

  const pair = s.pair_with_locks;
  const pairInfo = await client.getPair(pair);
  assertSame(pairInfo, await json(`${P}/pair/${pair}`), "pair");
  assert.equal(typeof pairInfo.reserveXAmount, "bigint");
  assert.equal(typeof pairInfo.feeTvlRatio.hour24, "number");
  assert.equal(typeof pairInfo.fees.min30, "number");
  assert.equal(typeof pairInfo.liquidity, "number");
  assert.equal(typeof pairInfo.maxFeePercentage, "number");
  const a = `${P}/pair/${pair}/analytic`;
  assertSame(await client.getPairFeeBpsByDays(pair, 2), await json(`${a}/pair_fee_bps?num_of_days=2`), "fee_bps");
  assertSame(await client.getPairVolumeByDays(pair, 7), await json(`${a}/pair_trade_volume?num_of_days=7`), "volume");
  assertSame(await client.getPairTvlByDays(pair, 7), await json(`${a}/pair_tvl?num_of_days=7`), "tvl");
  const swaps = await client.getPairSwapRecords(pair, 10);
  assertSame(swaps, await json(`${a}/swap_history?rows_to_take=10`), "swaps");
  assert.equal(typeof swaps[0].onchainTimestamp, "number");
  assertSame(await client.getPairPositionsLock(pair), await json(`${P}/pair/${pair}/positions_lock`), "locks");

  const pos = s.positions[0];
  assertSame(await client.getPosition(pos), await json(`${P}/position/${pos}`), "position");
  assertSame(await client.getClaimFees(pos), await json(`${P}/position/${pos}/claim_fees`), "claim_fees");
  assertSame(await client.getClaimRewards(pos), await json(`${P}/position/${pos}/claim_rewards`), "claim_rewards");
  const deposits = await client.getDeposits(pos);
  assertSame(deposits, await json(`${P}/position/${pos}/deposits`), "deposits");
  assertSame(await client.getWithdraws(pos), await json(`${P}/position/${pos}/withdraws`), "withdraws");
  assertSame(await client.getPositionV2(pos), await json(`${P}/position_v2/${pos}`), "position_v2");
  const { wallet, pair: wpair } = s.wallets[0];
  assertSame(await client.getWalletEarning(wallet, wpair), await json(`${P}/wallet/${wallet}/${wpair}/earning`), "earning");
  const pool = s.pools[0];
  assertSame(await client.getPoolMetrics(pool), (await json(`${poolBaseUrl}/pools/${pool}/metrics`)).data, "pool");

  const pnl = await client.getPositionPnl(pos, { currentValueUsd: 5 });
  assert.equal(pnl.depositCount, deposits.length);
  assert.equal(pnl.currentValueUsd, 5);
  assert.equal(sdk.lexicalOrderMints(s.mints.SOL, s.mints.USDC), `${s.mints.USDC}-${s.mints.SOL}`);
});

test("for await walks every page of a list; return() stops early", async () => {
  const client = sdk.createClient({ pairBaseUrl, poolBaseUrl });
  const { total } = await client.allWithPagination({ sortKey: "tvl", hideLowTvl: 1000, limit: 1 });
  const seen = new Set();
  for await (const pair of client.pairs({ sortKey: "tvl", hideLowTvl: 1000, limit: 100 })) seen.add(pair.address);
  assert.equal(seen.size, total);
  let groups = 0;
  for await (const group of client.groups({ limit: 3 })) {
    assert.ok(Array.isArray(group.pairs));
    if (++groups === 5) break; // calls return()
  }
  assert.equal(groups, 5);
  const metas = client.groupMetadatas({ limit: 50 });
  assert.equal(metas[Symbol.asyncIterator](), metas);
  assert.equal(typeof (await metas.next()).value.lexicalOrderMints, "string");
  assert.deepEqual(await metas.return(), { value: undefined, done: true });
  assert.deepEqual(await metas.next(), { value: undefined, done: true });
});

test("all({ minTvl }) keeps exactly the pairs at or above the floor", async () => {
  const client = sdk.createClient({ pairBaseUrl, poolBaseUrl });
  const every = await client.all();
  const kept = await client.all({ minTvl: 1000 });
  assert.deepEqual(kept.map((p) => p.address), every.filter((p) => Number(p.liquidity) >= 1000).map((p) => p.address));
});

test("amounts above 2^53 arrive exact as bigint", async () => {
  const client = sdk.createClient({ pairBaseUrl, poolBaseUrl });
  const s = await json(`${pairBaseUrl}/__replica/samples`);
  const text = await (await fetch(`${pairBaseUrl}/pair/${s.pair_with_large_amounts}`)).text();
  const pair = await client.getPair(s.pair_with_large_amounts);
  const digits = (k) => BigInt(text.match(new RegExp(`"${k}"\\s*:\\s*"?(\\d+)`))[1]);
  assert.equal(pair.reserveXAmount, digits("reserve_x_amount"));
  assert.equal(pair.reserveYAmount, digits("reserve_y_amount"));
  assert.ok(pair.reserveXAmount > 2n ** 53n || pair.reserveYAmount > 2n ** 53n);
});

test("errors are DlmmError objects; faults, time-outs and retries behave", async () => {
  const s = await json(`${pairBaseUrl}/__replica/samples`);
  const fault = (value) => sdk.createClient({ pairBaseUrl, poolBaseUrl, headers: { "X-Replica-Fault": value } });
  const id = () => `${Date.now()}-${Math.random()}`;
  await assert.rejects(fault(`delay-ms=3000; id=${id()}`).getPair(s.pairs[0], { timeoutMs: 200, retry: false }), (e) =>
    e instanceof Error && sdk.isDlmmError(e) && e.kind === "timeout");
  const t0 = Date.now();
  const ok = await fault(`status=429; retry-after=1; times=1; id=${id()}`).getPair(s.pairs[0]);
  assert.equal(ok.address, s.pairs[0]);
  assert.ok(Date.now() - t0 >= 900);
  await assert.rejects(fault(`status=429; body=html; id=${id()}`).getProtocolMetrics({ retry: false }),
    { name: "DlmmError", kind: "rateLimited", status: 429 });
  await assert.rejects(fault(`truncate; id=${id()}`).allWithPagination(), { name: "DlmmError", kind: "decode" });
  const offline = sdk.createClient({ pairBaseUrl: "http://127.0.0.1:9" });
  await assert.rejects(offline.getPairSwapRecords(s.pairs[0], 0), { kind: "invalidInput", parameter: "rows_to_take" });
  await assert.rejects(offline.getProtocolMetrics(), { kind: "network" });
  // A header value fetch cannot send (beyond Latin-1) is refused when the client is made, not in every call.
  for (const make of [sdk.createClient, sdk.createDatapiClient]) {
    assert.throws(() => make({ headers: { "x-api-key": "€uro" } }), { kind: "invalidInput", parameter: "headers" });
  }
  const controller = new AbortController();
  const call = fault(`delay-ms=2000; id=${id()}`).all({ signal: controller.signal });
  setTimeout(() => controller.abort(), 20);
  await assert.rejects(call, (e) => e instanceof DOMException && e.name === "AbortError");
});

test("a redirect to another origin is followed without the custom headers; one on the same origin keeps them", async () => {
  const metrics = JSON.stringify({ total_tvl: 1, daily_trade_volume: 2, total_trade_volume: 3, daily_fee: 4, total_fee: 5 });
  const other = await serve((req, res) => res.writeHead(200, { "content-type": "application/json" }).end(metrics));
  const home = await serve((req, res) => {
    const to = req.url.startsWith("/moved/") ? `${other.url}/info/protocol_metrics` : `/moved${req.url}`;
    res.writeHead(302, { location: to }).end();
  });
  try {
    const client = sdk.createClient({ pairBaseUrl: home.url, headers: { "x-api-key": "secret" }, retry: false });
    assert.equal((await client.getProtocolMetrics()).totalFee, 5);
    // Home: the first request and the same-origin hop, both with the key; the other origin: never the key.
    assert.deepEqual(home.requests.map((r) => [r.url, r.headers["x-api-key"]]),
      [["/info/protocol_metrics", "secret"], ["/moved/info/protocol_metrics", "secret"]]);
    assert.ok(other.requests.length >= 1 && other.requests.every((r) => r.headers["x-api-key"] === undefined),
      JSON.stringify(other.requests.map((r) => r.headers)));
  } finally {
    await Promise.all([home.close(), other.close()]);
  }
});

test("a route answering one item refuses an answer of megabytes; a list keeps the transport's cap", async () => {
  // Every path answers 9 MiB of valid JSON: an object padded with a long string.
  const body = JSON.stringify({ data: [], padding: "x".repeat(9 << 20) });
  const server = await serve((req, res) => res.writeHead(200, { "content-type": "application/json" }).end(body));
  try {
    const { dlmm } = sdk.createDatapiClient({ dlmmBaseUrl: server.url, retry: false });
    const pool = "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6";
    await assert.rejects(dlmm.getPool(pool), (e) => /larger than the limit of 8388608 bytes/.test(e.message));
    await assert.rejects(dlmm.getPools(), (e) => !/larger than the limit/.test(e.message));
  } finally {
    await server.close();
  }
});

test("a long-lived signal keeps no listener of the calls that settled", async () => {
  const client = sdk.createClient({ pairBaseUrl, poolBaseUrl });
  const { signal } = new AbortController();
  const listening = new Set();
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = (type, listener, options) => (listening.add(listener), add(type, listener, options));
  signal.removeEventListener = (type, listener, options) => (listening.delete(listener), remove(type, listener, options));
  for (let i = 0; i < 20; i++) await client.getProtocolMetrics({ signal });
  await assert.rejects(client.getPair("nope", { signal }), { kind: "invalidInput" });
  assert.equal(listening.size, 0, "every call took its abort listener off the signal");
});

test("all() leaves the module's memory flat across repeated calls", async () => {
  // A module instance of its own (the raw module, `all()` in this thread), so its memory is this test's alone.
  const raw = await import(pathToFileURL(join(root, "pkg", "dlmm_query_wasm.js")).href);
  const { memory } = await raw.default({ module_or_path: readFileSync(join(root, "pkg", "dlmm_query_wasm_bg.wasm")) });
  const client = raw.createClient({ pairBaseUrl, poolBaseUrl, rateLimit: false });
  const sizes = [];
  for (let call = 0; call < 6; call++) {
    assert.ok((await client.all()).length > 0);
    sizes.push(memory.buffer.byteLength);
  }
  assert.deepEqual(sizes.slice(1), sizes.slice(1).map(() => sizes[0]), `memory after each call (bytes): ${sizes}`);
});
