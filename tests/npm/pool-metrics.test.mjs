// The npm package as Node users import it: the built pkg/ against the running replica over real HTTP.
// Run by `cargo xtask ci` (it builds pkg/, starts the replica and sets DLMM_PAIR_BASE_URL / DLMM_POOL_BASE_URL).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createClient, isDlmmError } from "../../pkg/node.js";

const pairBaseUrl = process.env.DLMM_PAIR_BASE_URL;
const poolBaseUrl = process.env.DLMM_POOL_BASE_URL;
assert.ok(pairBaseUrl && poolBaseUrl, "DLMM_PAIR_BASE_URL and DLMM_POOL_BASE_URL must be set (run `cargo xtask ci`)");

const samples = await (await fetch(`${pairBaseUrl}/__replica/samples`)).json();
const client = createClient({ pairBaseUrl, poolBaseUrl });
const camel = (s) => s.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

test("getPoolMetrics resolves to the envelope's data with camelCase fields", async () => {
  for (const address of samples.pools.slice(0, 4)) {
    const raw = (await (await fetch(`${poolBaseUrl}/pools/${address}/metrics`)).json()).data;
    const metrics = await client.getPoolMetrics(address);
    assert.equal(Object.keys(metrics).length, 20);
    for (const [key, value] of Object.entries(raw)) {
      assert.strictEqual(metrics[camel(key)], value, `${key} of ${address}`);
    }
  }
});

test("caseSensitive: false matches an address in any case", async () => {
  const address = samples.pools[3];
  const metrics = await client.getPoolMetrics(address.toLowerCase(), { caseSensitive: false });
  assert.equal(metrics.poolAddress, address);
});

test("an unknown pool rejects with a DlmmError of kind notFound", async () => {
  await assert.rejects(client.getPoolMetrics(samples.unknown_pool), (e) => {
    assert.ok(e instanceof Error);
    assert.ok(isDlmmError(e));
    assert.equal(e.name, "DlmmError");
    assert.equal(e.kind, "notFound");
    assert.equal(e.status, 404);
    assert.deepEqual(e.apiError, { message: `Pool ${samples.unknown_pool} not found`, type: "NotFound" });
    return true;
  });
});

test("invalid input rejects before anything is sent", async () => {
  const offline = createClient({ poolBaseUrl: "http://127.0.0.1:9" });
  await assert.rejects(offline.getPoolMetrics("../../etc/passwd"), { name: "DlmmError", kind: "invalidInput", parameter: "address" });
  await assert.rejects(offline.getPoolMetrics(samples.pools[0]), { name: "DlmmError", kind: "network" });
  assert.throws(() => createClient({ poolBaseUrl: "not a url" }), { kind: "invalidInput", parameter: "poolBaseUrl" });
  assert.equal(isDlmmError(new Error("x")), false);
  assert.equal(isDlmmError(null), false);
});

test("an AbortSignal cancels the call with an AbortError", async () => {
  const aborted = AbortSignal.abort();
  await assert.rejects(client.getPoolMetrics(samples.pools[0], { signal: aborted }), { name: "AbortError" });
  const controller = new AbortController();
  const call = client.getPoolMetrics(samples.pools[0], { signal: controller.signal });
  controller.abort();
  await assert.rejects(call, (e) => e.name === "AbortError" && !isDlmmError(e));
});
