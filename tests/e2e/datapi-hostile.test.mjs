// Token names and symbols on the live datapi are chosen by anyone: a replica started with --hostile-names serves
// them (and pool names) carrying HTML and script payloads on both datapi services. The built site, pointed at it
// with the four base-URL parameters (and the visitor's consent), must show them as text on every datapi route and
// run none of them (each payload would increment window.__xss or open a dialog).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchChromium, openPage, screenshotThemes, startReplica } from "./support.mjs";

const { DIST_DIR } = process.env;
assert.ok(DIST_DIR, "DIST_DIR must be set (run `cargo xtask ci`)");

/** The payloads' opening text: shown literally, each is proof a name stayed text. */
const LITERAL = /<(img|script|svg|iframe)\b|"><svg/;

let site, browser, replica, samples;
before(async () => {
  replica = await startReplica("--hostile-names");
  samples = (await (await fetch(`${replica.pair}/__replica/samples`)).json()).datapi;
  site = await serveDist(DIST_DIR);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await site?.close();
  replica?.stop();
});

function sources() {
  return [
    ["pairBaseUrl", replica.pair],
    ["poolBaseUrl", replica.pool],
    ["dlmmDatapiBaseUrl", replica.dlmmDatapi],
    ["dammV2DatapiBaseUrl", replica.dammV2Datapi],
  ]
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("&");
}

/** A page that counts dialogs and payload runs, with the hostile replica's sources confirmed (saved for the session). */
async function hostilePage() {
  const page = await openPage(browser);
  page.dialogs = 0;
  page.on("dialog", (d) => {
    page.dialogs += 1;
    d.dismiss();
  });
  await page.addInitScript(() => {
    window.__xss = 0;
  });
  await page.goto(`${site.url}/?${sources()}`);
  await page.waitForSelector('[data-testid="consent"]');
  await Promise.all([page.waitForURL((url) => !url.search.includes("BaseUrl")), page.click('[data-testid="consent-accept"]')]);
  await page.waitForSelector('[data-testid="source-banner"]');
  return page;
}

async function assertNothingRan(page, what) {
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__xss), 0, `${what}: a payload ran`);
  assert.equal(page.dialogs, 0, `${what}: a payload opened a dialog`);
  const elements = await page.locator("main img[onerror], main iframe, main script, main svg[onload]").count();
  assert.equal(elements, 0, `${what}: a payload became an element`);
}

/** Waits until the page has left its loading state (data, empty, not-found or error). */
async function settled(page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main && main.textContent.length > 0 && !main.querySelector('[data-state="loading"]');
  });
}

/** Whether the route is a page of this build (an unknown route shows the site's "Page not found"). */
async function routeExists(page) {
  const title = await page.locator("main h1").first().textContent().catch(() => "");
  return title !== "Page not found";
}

const routes = () => [
  ["overview", "/"],
  ["dlmm-pools", "/dlmm/pools"],
  ["dlmm-pool", `/dlmm/pools/${samples.dlmm_pools[0]}`],
  ["dlmm-groups", "/dlmm/groups"],
  ["dlmm-group", `/dlmm/groups/${samples.dlmm_group}`],
  ["damm-v2-pools", "/damm-v2/pools"],
  ["damm-v2-pool", `/damm-v2/pools/${samples.damm_v2_pools[0]}`],
  ["dlmm-wallet", `/dlmm/wallets/${samples.wallet_with_positions.wallet}`],
  ["dlmm-wallet-orders", `/dlmm/wallets/${samples.wallet_with_limit_orders.wallet}`],
  ["dlmm-position", `/dlmm/positions/${samples.position_with_events}`],
  ["search", `/search?q=${encodeURIComponent("<script>")}`],
];

test("the replica serves hostile token names and symbols on both datapi services", async () => {
  for (const base of [replica.dlmmDatapi, replica.dammV2Datapi]) {
    const pools = await (await fetch(`${base}/pools?page_size=5`)).json();
    for (const p of pools.data) {
      assert.match(p.token_x.symbol, LITERAL);
      assert.match(p.token_x.name, LITERAL);
      assert.match(p.name, LITERAL);
    }
  }
});

test("every datapi route shows hostile names as text and runs none of them", async (t) => {
  const page = await hostilePage();
  const skipped = [];
  try {
    for (const [name, path] of routes()) {
      await page.goto(`${site.url}${path}`);
      await settled(page);
      if (!(await routeExists(page))) {
        skipped.push(path);
        continue;
      }
      await assertNothingRan(page, path);
      // Pages that name tokens or pools show a payload literally (the position page names mints only).
      if (name !== "dlmm-position") {
        await page.waitForFunction((re) => new RegExp(re).test(document.querySelector("main").textContent), LITERAL.source, {
          timeout: 10_000,
        });
      }
      await screenshotThemes(page, `datapi-hostile-${name}`);
    }
  } finally {
    await page.close();
  }
  if (skipped.length) t.diagnostic(`routes not in this build, skipped: ${skipped.join(", ")}`);
  assert.ok(skipped.length < routes().length, "no datapi route was there to test");
});
