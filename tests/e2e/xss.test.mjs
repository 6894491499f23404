// Token names are untrusted: a replica started with --hostile-names serves pair and group names carrying HTML and
// script payloads. The built site, pointed at it with the pairBaseUrl/poolBaseUrl query parameters (and the
// visitor's consent), must show them as text and run none of them (each payload would increment window.__xss or open a dialog).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchChromium, openPage, screenshot, startReplica } from "./support.mjs";

const { DIST_DIR } = process.env;
assert.ok(DIST_DIR, "DIST_DIR must be set (run `cargo xtask ci`)");

let site, browser, replica;
before(async () => {
  replica = await startReplica("--hostile-names");
  site = await serveDist(DIST_DIR);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await site?.close();
  replica?.stop();
});

async function hostilePage(path) {
  const page = await openPage(browser);
  page.dialogs = 0;
  page.on("dialog", (d) => {
    page.dialogs += 1;
    d.dismiss();
  });
  await page.addInitScript(() => {
    window.__xss = 0;
  });
  const sep = path.includes("?") ? "&" : "?";
  await page.goto(`${site.url}${path}${sep}pairBaseUrl=${encodeURIComponent(replica.pair)}&poolBaseUrl=${encodeURIComponent(replica.pool)}`);
  // A link's sources apply only after consent: confirm them (the page reloads with them, without the parameters).
  await page.waitForSelector('[data-testid="consent"]');
  await Promise.all([page.waitForURL((url) => !url.search.includes("BaseUrl")), page.click('[data-testid="consent-accept"]')]);
  await page.waitForSelector('[data-testid="source-banner"]');
  return page;
}

async function assertNothingRan(page) {
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__xss), 0, "a payload ran");
  assert.equal(page.dialogs, 0, "a payload opened a dialog");
  assert.equal(await page.locator("main img, main iframe, main script, main svg[onload]").count(), 0, "a payload became an element");
}

test("hostile pair names render as text in the table, the groups and the pair page", async () => {
  const raw = await (await fetch(`${replica.pair}/pair/all_with_pagination?limit=25&sort_key=tvl&order_by=desc`)).json();
  assert.ok(raw.pairs.some((p) => p.name.includes("<script>")), "the replica serves hostile names");

  const page = await hostilePage("/pairs");
  await page.waitForSelector('[data-testid="pairs-table"] tbody tr');
  const names = await page.$$eval('[data-testid="pairs-table"] tbody a.name', (a) => a.map((x) => x.textContent));
  assert.deepEqual(names, raw.pairs.map((p) => p.name));
  await assertNothingRan(page);
  await screenshot(page, "xss-pairs");

  await page.click('[data-testid="pairs-table"] tbody a.name');
  await page.waitForSelector('h1 [data-field="name"]');
  assert.equal(await page.textContent('h1 [data-field="name"]'), raw.pairs[0].name);
  await assertNothingRan(page);
  await screenshot(page, "xss-pair");

  await page.goto(`${site.url}/pairs?view=groups&pairBaseUrl=${encodeURIComponent(replica.pair)}&poolBaseUrl=${encodeURIComponent(replica.pool)}`);
  await page.waitForSelector('[data-testid="groups-table"] tbody tr');
  assert.match(await page.textContent('[data-testid="groups-table"]'), /<(img|script|svg|iframe)/);
  await assertNothingRan(page);
  await page.close();
});

test("hostile names on the overview stay text", async () => {
  const page = await hostilePage("/keeper");
  await page.waitForSelector('[data-testid="top-tvl"] tbody tr');
  assert.match(await page.textContent('[data-testid="top-tvl"]'), /<(img|script|svg|iframe)/);
  await assertNothingRan(page);
  await page.close();
});
