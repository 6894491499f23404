// One bad number must never freeze a page. A replica started with --hostile-numbers serves extreme finite values
// (1e15 … 1.7e308, 5e-324, negatives) in USD, percent and price fields and integers above 2^53 in integer fields.
// The built site, pointed at it (with the visitor's consent), must render every page: no uncaught error or wasm
// panic, no page stuck on "Loading…", and either the data or a readable error.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchChromium, openPage, screenshot, startReplica } from "./support.mjs";

const { DIST_DIR } = process.env;
assert.ok(DIST_DIR, "DIST_DIR must be set (run `cargo xtask ci`)");

let site, browser, replica, samples;
before(async () => {
  replica = await startReplica("--hostile-numbers");
  samples = await (await fetch(`${replica.pair}/__replica/samples`)).json();
  site = await serveDist(DIST_DIR);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await site?.close();
  replica?.stop();
});

/** Opens `path` on the hostile sources (consenting once per page) and collects uncaught errors. */
async function open(path) {
  const page = await openPage(browser);
  // Crashes only: an uncaught error, a wasm panic or trap. (A failed request is logged too, and the page shows it.)
  page.crashes = [];
  page.on("pageerror", (e) => page.crashes.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error" && /panicked|unreachable|RuntimeError|Maximum call stack|out of bounds/.test(m.text())) {
      page.crashes.push(m.text());
    }
  });
  const sep = path.includes("?") ? "&" : "?";
  await page.goto(
    `${site.url}${path}${sep}pairBaseUrl=${encodeURIComponent(replica.pair)}&poolBaseUrl=${encodeURIComponent(replica.pool)}`,
  );
  await page.waitForSelector('[data-testid="consent"]');
  await Promise.all([
    page.waitForURL((url) => !url.search.includes("BaseUrl")),
    page.click('[data-testid="consent-accept"]'),
  ]);
  await page.waitForSelector('[data-testid="source-banner"]');
  return page;
}

/** Waits until nothing on the page says it is loading, then checks it rendered and raised nothing. */
async function assertRendered(page, name) {
  await page.waitForFunction(() => !/Loading/i.test(document.querySelector("main")?.innerText ?? "Loading"), null, {
    timeout: 15_000,
  });
  const text = await page.textContent("main");
  assert.ok(text.trim().length > 0, `${name}: the page is blank`);
  assert.doesNotMatch(text, /NaN|undefined|Infinity/, `${name}: a number rendered as NaN/undefined/Infinity`);
  assert.deepEqual(page.crashes, [], `${name}: uncaught errors`);
  await screenshot(page, `hostile-numbers-${name}`);
}

test("the hostile replica really serves extreme numbers", async () => {
  const pairs = await (await fetch(`${replica.pair}/pair/all_with_pagination?limit=200`)).text();
  assert.match(pairs, /e\+?(1[5-9]|[2-9]\d|[12]\d\d|30[0-8])|\d{16,}/, "values of 1e15 and above");
});

test("every explorer page renders on extreme numbers", async () => {
  const pair = samples.pairs[0];
  const position = samples.positions[0];
  const wallet = samples.wallets[0];
  const pages = {
    overview: "/keeper",
    pairs: "/pairs",
    groups: "/pairs?view=groups",
    pair: `/pairs/${pair}`,
    group: `/groups/${samples.group}`,
    position: `/positions/${position}`,
    wallet: `/wallets/${wallet.wallet}/${wallet.pair}`,
    "pool-lookup": "/pools",
    pool: `/pools/${samples.pools[0]}`,
    search: `/search?q=${pair}`,
    settings: "/settings",
  };
  for (const [name, path] of Object.entries(pages)) {
    const page = await open(path);
    await assertRendered(page, name);
    await page.close();
  }
});
