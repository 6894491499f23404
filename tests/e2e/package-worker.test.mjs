// The npm package as a browser page imports it (`pkg/index.js`): `all()` then runs in the package's worker. Every
// answer and every error must be what the same call gives in the page's own thread (the raw `./web` module, which
// has no worker), against the replica over real HTTP in headless Chromium.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { serveDist, launchChromium, openPage, startReplica } from "./support.mjs";

const PKG = resolve(import.meta.dirname, "../../pkg");

// The page imports the package twice: its browser entry (the worker) and its raw module (no worker, a second
// instance), and counts the workers it creates and the calls posted to them.
const PAGE = `<!doctype html><meta charset="utf-8"><script type="module">
const Native = globalThis.Worker;
globalThis.workers = [];
globalThis.posted = 0;
globalThis.terminated = 0;
globalThis.Worker = class extends Native {
  constructor(url, options) { super(url, options); workers.push(String(url)); }
  postMessage(message, transfer) { if (message?.port) posted++; super.postMessage(message, transfer); }
  terminate() { terminated++; super.terminate(); }
};
const sdk = await import("./index.js");
// A second module record (the query string), so a second instance: index.js's stays as it is.
const web = await import("./dlmm_query_wasm.js?thread");
await web.default({ module_or_path: new URL("./dlmm_query_wasm_bg.wasm", import.meta.url) });
Object.assign(globalThis, { sdk, web, ready: true });
</script>`;

/** Runs `all(options)` through both instances in the page: `{ worker, thread, workers, posted }`, each result as text
 * (bigints tagged) or the error's name and fields, and how many calls the page posted to the worker. */
const BOTH = async ([base, options]) => {
  const show = (value) => JSON.stringify(value, (_, v) => (typeof v === "bigint" ? `${v}n` : v === undefined ? "(undefined)" : v));
  const run = async (api) => {
    try {
      const pairs = await api.createClient({ pairBaseUrl: base, retry: { maxAttempts: 1 } }).all(options);
      return { count: pairs.length, text: show(pairs), undefinedKeys: pairs.filter((p) => "launchpad" in p && p.launchpad === undefined).length };
    } catch (e) {
      return { error: { name: e.name, message: e.message, ...e, isDlmmError: api.isDlmmError(e) } };
    }
  };
  const before = posted;
  const worker = await run(sdk);
  return { worker, thread: await run(web), workers, posted: posted - before };
};

let root, site, browser, replica, hostile, big;
before(async () => {
  root = await mkdtemp(join(tmpdir(), "dlmm-pkg-page-"));
  await cp(PKG, root, { recursive: true });
  await writeFile(join(root, "index.html"), PAGE);
  // The large list (about 25 MB) takes long enough to cancel while it streams.
  [replica, hostile, big] = await Promise.all([startReplica(), startReplica("--hostile-numbers"), startReplica("--pairs", "20000")]);
  site = await serveDist(root);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await site?.close();
  replica?.stop();
  hostile?.stop();
  big?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

async function open() {
  const page = await openPage(browser);
  await page.goto(`${site.url}/index.html`);
  await page.waitForFunction(() => globalThis.ready === true);
  return page;
}

test("all() in the worker gives what it gives in the page, with and without minTvl", async () => {
  const page = await open();
  for (const options of [undefined, { minTvl: 1000 }, { includeUnknown: false, minTvl: 0 }]) {
    const { worker, thread, workers, posted } = await page.evaluate(BOTH, [replica.pair, options]);
    assert.deepEqual(workers.map((u) => new URL(u).pathname), ["/worker.js"], "one worker, the package's");
    assert.equal(posted, 1, "the call went to the worker");
    assert.ok(!worker.error, `no error: ${JSON.stringify(worker.error)}`);
    assert.ok(worker.count > 0, "pairs arrived");
    assert.equal(worker.count, thread.count);
    assert.equal(worker.text, thread.text, `same pairs, amounts and all (${JSON.stringify(options)})`);
    assert.equal(worker.undefinedKeys, thread.undefinedKeys, "null became undefined in both");
  }
  const expected = await (await fetch(`${replica.pair}/pair/all`)).json();
  const { worker } = await page.evaluate(BOTH, [replica.pair, undefined]);
  assert.equal(worker.count, expected.length);
  const first = JSON.parse(worker.text)[0];
  assert.equal(first.address, expected[0].address);
  assert.equal(first.reserveXAmount, `${expected[0].reserve_x_amount}n`, "a raw amount is a bigint");
  assert.deepEqual(page.errors, []);
});

test("errors from the worker are the DlmmErrors the page gives: decode path, status, URL", async () => {
  const page = await open();
  // Integers above 2^53 in the hostile list: a decode error naming the pair and the field.
  const decode = await page.evaluate(BOTH, [hostile.pair, undefined]);
  assert.ok(decode.worker.error, "the hostile list rejects");
  assert.deepEqual(decode.worker.error, decode.thread.error);
  assert.equal(decode.worker.error.isDlmmError, true);
  assert.equal(decode.worker.error.kind, "decode");
  assert.match(decode.worker.error.path, /^\[\d+\]\./);
  // A base URL the replica does not serve: the pair API's 404.
  const missing = await page.evaluate(BOTH, [`${replica.pair}/nowhere`, undefined]);
  assert.deepEqual(missing.worker.error, missing.thread.error);
  assert.equal(missing.worker.error.kind, "notFound");
  assert.equal(missing.worker.error.url, `${replica.pair}/nowhere/pair/all`);
  // Bad options still reject in the page, before any request.
  const invalid = await page.evaluate(BOTH, [replica.pair, { minTvl: "x" }]);
  assert.deepEqual(invalid.worker.error, invalid.thread.error);
  assert.equal(invalid.worker.error.kind, "invalidInput");
  // The browser logs the 404 it was asked to fetch; nothing else.
  assert.deepEqual(page.errors.filter((e) => !e.startsWith("Failed to load resource")), []);
});

test("all() handed to the worker still takes its turn of the client's rate limiter", async () => {
  const page = await open();
  const result = await page.evaluate(async (base) => {
    // One request per 100 s: after getProtocolMetrics (same API), all() would wait far past its 1 s time-out.
    const run = async (api) => {
      const client = api.createClient({ pairBaseUrl: base, rateLimit: { pairPerSecond: 0.01, poolPerSecond: 0 } });
      await client.getProtocolMetrics();
      const error = (e) => ({ kind: e.kind, message: e.message.replace(/\d+ ms/, "N ms") });
      return client.all({ timeoutMs: 1000 }).then(() => "resolved", error);
    };
    return { worker: await run(sdk), thread: await run(web), posted };
  }, replica.pair);
  assert.deepEqual(result.worker, result.thread);
  assert.equal(result.worker.kind, "timeout");
  assert.match(result.worker.message, /rate limit/);
  assert.equal(result.posted, 0, "refused before anything was handed over");
});

test("all()'s retries run from the page: each attempt takes a turn of its limiter, within the call's one budget", async () => {
  const page = await open();
  const result = await page.evaluate(async ([base, id]) => {
    const run = async (api, tag) => {
      // The first two requests answer 503 and the third the list; the pair API allows one request a second.
      const client = api.createClient({
        pairBaseUrl: base,
        headers: { "x-replica-fault": `status=503; times=2; id=${id}-${tag}` },
        rateLimit: { pairPerSecond: 1, poolPerSecond: 0 },
        retry: { maxAttempts: 3, baseDelayMs: 1 },
      });
      const before = posted;
      const pairs = await client.all();
      const attempts = posted - before;
      // Three turns were taken, the last just now: the next is about a second away, past a 300 ms time-out.
      const next = await client.getProtocolMetrics({ timeoutMs: 300 }).then(
        () => "resolved",
        (e) => ({ kind: e.kind, rateLimited: /rate limit/.test(e.message) }),
      );
      return { count: pairs.length, attempts, next };
    };
    return { worker: await run(sdk, "worker"), thread: await run(web, "thread") };
  }, [replica.pair, String(Date.now())]);
  assert.equal(result.worker.attempts, 3, "each attempt was handed to the worker by the page");
  assert.equal(result.thread.attempts, 0);
  assert.ok(result.worker.count > 0);
  assert.equal(result.worker.count, result.thread.count);
  assert.deepEqual(result.worker.next, { kind: "timeout", rateLimited: true }, "the page's limiter counted every attempt");
  assert.deepEqual(result.worker.next, result.thread.next);
});

test("aborting all() cancels the worker's call, and the worker goes on serving", async () => {
  const page = await open();
  const result = await page.evaluate(async (base) => {
    const client = sdk.createClient({ pairBaseUrl: base });
    const controller = new AbortController();
    const pending = client.all({ signal: controller.signal });
    await new Promise((ok) => setTimeout(ok, 20));
    controller.abort();
    const aborted = await pending.then(() => "resolved", (e) => e.name);
    const again = await client.all();
    return { aborted, again: again.length };
  }, big.pair);
  assert.equal(result.aborted, "AbortError");
  const expected = await (await fetch(`${big.pair}/pair/all`)).json();
  assert.equal(result.again, expected.length);
  assert.deepEqual(page.errors, []);
});

/** Opens the page with the worker's URL answered by `fulfill` (a Playwright route response). */
async function openWithWorker(fulfill) {
  const page = await openPage(browser);
  await page.route("**/worker.js", (route) => route.fulfill(fulfill));
  await page.goto(`${site.url}/index.html`);
  await page.waitForFunction(() => globalThis.ready === true);
  return page;
}

/** Asserts that `all()` ran in the page, after one attempt to start the worker, and gave what the page gives. */
async function assertRanInPage(page) {
  const { worker, thread, workers, posted } = await page.evaluate(BOTH, [replica.pair, undefined]);
  assert.equal(workers.length, 1, "it tried");
  assert.equal(posted, 0, "no call went to it");
  assert.ok(!worker.error, `no error: ${JSON.stringify(worker.error)}`);
  assert.equal(worker.text, thread.text);
}

test("without a worker (its script missing), all() runs in the page", async () => {
  // The host answers the worker's URL with HTML (as a static host's fallback page would): it cannot start.
  await assertRanInPage(await openWithWorker({ status: 404, contentType: "text/html", body: "<p>gone" }));
});

test("a worker that never answers is given up on: all() runs in the page", async () => {
  // A worker script that loads but never says "ready": the page waits its 10 s, then decodes by itself.
  await assertRanInPage(await openWithWorker({ contentType: "text/javascript", body: "self.onmessage = () => {};" }));
});

/** A worker that starts, then reports itself broken when handed a call (as worker.js does on an uncaught failure). */
const BROKEN_WORKER = `import { initSync } from "./dlmm_query_wasm.js";
  self.onmessage = ({ data }) => {
    if (data instanceof WebAssembly.Module) { initSync({ module: data }); self.postMessage("ready"); }
    else self.postMessage({ failed: "boom" });
  };`;

test("a worker that breaks rejects the call in flight and is replaced; after two, calls run in the page", async () => {
  const page = await openWithWorker({ contentType: "text/javascript", body: BROKEN_WORKER });
  for (const workers of [1, 2]) {
    const call = await page.evaluate(BOTH, [replica.pair, undefined]);
    assert.equal(call.posted, 1);
    assert.equal(call.workers.length, workers, "a new worker for each call after a break");
    assert.equal(call.worker.error?.isDlmmError, true);
    assert.equal(call.worker.error.kind, "network");
    assert.match(call.worker.error.message, /worker running all\(\) failed: boom/);
  }
  assert.equal(await page.evaluate(() => terminated), 2, "each broken worker was terminated");
  const third = await page.evaluate(BOTH, [replica.pair, undefined]);
  assert.equal(third.posted, 0, "no call went to a worker after two broke");
  assert.ok(!third.worker.error, `no error: ${JSON.stringify(third.worker.error)}`);
  assert.equal(third.worker.text, third.thread.text);
});

test("a call whose workers break is retried, and after two ends in the page within what is left of its budget", async () => {
  const page = await openWithWorker({ contentType: "text/javascript", body: BROKEN_WORKER });
  const outcome = await page.evaluate(async (base) => {
    const client = sdk.createClient({ pairBaseUrl: base, retry: { maxAttempts: 3, baseDelayMs: 1 } });
    const pairs = await client.all().catch((e) => e);
    return { count: pairs.length, error: pairs instanceof Error ? pairs.message : undefined, posted, terminated };
  }, replica.pair);
  assert.equal(outcome.error, undefined);
  assert.ok(outcome.count > 0, "the third attempt ran in the page");
  assert.equal(outcome.posted, 2, "two attempts went to workers");
  assert.equal(outcome.terminated, 2, "each broken worker was terminated");
  // Two attempts allowed (a new page, new workers): both break in workers, and none is left for the page.
  const fresh = await openWithWorker({ contentType: "text/javascript", body: BROKEN_WORKER });
  const spent = await fresh.evaluate(async (base) => {
    const client = sdk.createClient({ pairBaseUrl: base, retry: { maxAttempts: 2, baseDelayMs: 1 } });
    return client.all().then(() => ({ resolved: true }), (e) => ({ kind: e.kind, posted }));
  }, replica.pair);
  assert.deepEqual(spent, { kind: "network", posted: 2 }, "the call's two attempts were spent in the workers");
});

test("a worker that outlives a call's deadline ends it in timeout and is replaced", async () => {
  // A worker that starts, then never answers a call: the page's deadline (the call's time-out and retries, plus 5 s).
  const stuck = `import { initSync } from "./dlmm_query_wasm.js";
    self.onmessage = ({ data }) => {
      if (data instanceof WebAssembly.Module) { initSync({ module: data }); self.postMessage("ready"); }
    };`;
  const page = await openWithWorker({ contentType: "text/javascript", body: stuck });
  const outcome = await page.evaluate(async (base) => {
    const client = sdk.createClient({ pairBaseUrl: base, timeoutMs: 300, retry: false });
    const started = performance.now();
    try {
      await client.all();
      return { resolved: true };
    } catch (e) {
      return { kind: e.kind, ms: performance.now() - started, terminated, workers: workers.length };
    }
  }, replica.pair);
  assert.equal(outcome.kind, "timeout", JSON.stringify(outcome));
  assert.equal(outcome.terminated, 1, "the stuck worker was terminated");
  const next = await page.evaluate(BOTH, [replica.pair, undefined]);
  assert.equal(next.workers.length, 2, "the next call started a new worker");
});
