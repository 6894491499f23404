// The release build hosted under a sub-path, behind same-origin relays of every API: `cargo xtask ci` builds it with
// `--public-url /explorer/` and paths on the site's own origin as its base URLs (crates/xtask/src/build.rs,
// RELAY_PATHS), into SUBPATH_DIST_DIR, and names the relayed paths in SUBPATH_RELAYS (`VARIABLE=/path …`); skipped
// without them. The router takes its base from <base href>, links carry it, unknown paths get 404.html as a static
// host would serve it, and every request stays on the site's origin, which is all its CSP lets it reach.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { launchChromium, relay, screenshot } from "./support.mjs";

const dir = process.env.SUBPATH_DIST_DIR;
const skip = !(dir && process.env.SUBPATH_RELAYS) && "SUBPATH_DIST_DIR and SUBPATH_RELAYS not set";
const PREFIX = "/explorer/";
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };

/** Each relayed path prefix (`/explorer/api/dlmm/`) → the replica's base URL of the same variable. */
function relays() {
  const pairs = (process.env.SUBPATH_RELAYS ?? "").split(/\s+/).filter(Boolean).map((entry) => entry.split("="));
  return Object.fromEntries(pairs.map(([variable, path]) => {
    assert.ok(process.env[variable], `${variable} must point at the replica`);
    return [`${path}/`, process.env[variable]];
  }));
}

/** A static host: files under PREFIX, 404.html (status 404) for anything else under it, the API paths relayed. */
async function serveUnderPrefix(root) {
  const relayed = relays();
  const server = createServer(async (req, res) => {
    if (await relay(req, res, relayed)) return;
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    if (!path.startsWith(PREFIX)) {
      res.writeHead(404, { "content-type": "text/plain" });
      return res.end("outside the site");
    }
    let file = join(root, path.slice(PREFIX.length));
    const found = file.startsWith(root) && (await stat(file).then((s) => s.isFile(), () => false));
    if (!found) file = join(root, "404.html");
    res.writeHead(found ? 200 : 404, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(await readFile(file));
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((ok) => server.close(ok)) };
}

/** A page recording its uncaught errors and every origin it sends a request to. */
async function recordingPage(browser) {
  const page = await browser.newPage();
  page.errors = [];
  page.origins = new Set();
  page.on("pageerror", (e) => page.errors.push(String(e)));
  page.on("request", (r) => page.origins.add(new URL(r.url()).origin));
  return page;
}

test("the build with relay paths as base URLs: its CSP reaches the site's own origin only", { skip }, async () => {
  const html = await readFile(join(resolve(dir), "index.html"), "utf8");
  const connect = html.match(/connect-src ([^;"]*)/)?.[1].trim();
  assert.equal(connect, "'self'", "no API origin is baked in: the relays are on the site's own origin");
});

test("the site works under a sub-path, deep links included, every API behind a relay", { skip }, async () => {
  const site = await serveUnderPrefix(resolve(dir));
  const browser = await launchChromium();
  try {
    const page = await recordingPage(browser);
    await page.goto(`${site.url}${PREFIX}pairs?page=1`);
    await page.waitForSelector('[data-testid="pairs-table"] tbody tr');
    const href = await page.getAttribute('[data-testid="pairs-table"] tbody a.name', "href");
    assert.ok(href.startsWith(`${PREFIX}pairs/`), href);
    await page.click('[data-testid="pairs-table"] tbody a.name');
    await page.waitForSelector('h1 [data-field="name"]');
    assert.equal(new URL(page.url()).pathname, href);
    // The header's "Groups" is the datapi's groups page (the nav leads with the datapi pages).
    await page.click('header a:has-text("Groups")');
    await page.waitForSelector('[data-testid="dlmm-groups-table"] tbody tr');
    assert.ok(new URL(page.url()).pathname.startsWith(PREFIX));
    await page.goBack();
    await page.waitForSelector('h1 [data-field="name"]');
    await screenshot(page, "subpath-pair");
    assert.deepEqual(page.errors, []);
    assert.deepEqual([...page.origins], [site.url], "every request, the APIs' included, went to the site's origin");
  } finally {
    await browser.close();
    await site.close();
  }
});

test("datapi pages work under a sub-path: a wallet deep link, its position, links keep the prefix", { skip }, async () => {
  const pairBase = process.env.DLMM_PAIR_BASE_URL;
  assert.ok(pairBase, "DLMM_PAIR_BASE_URL must point at the replica the site was built for");
  const { wallet } = (await (await fetch(`${pairBase}/__replica/samples`)).json()).datapi.wallet_with_positions;
  const site = await serveUnderPrefix(resolve(dir));
  const browser = await launchChromium();
  try {
    const page = await recordingPage(browser);
    await page.goto(`${site.url}${PREFIX}dlmm/wallets/${wallet}`);
    await page.waitForSelector('[data-testid="wallet-open"] tbody tr');
    const poolHref = await page.getAttribute('[data-testid="wallet-open"] tbody tr a', "href");
    assert.ok(poolHref.startsWith(`${PREFIX}dlmm/pools/`), poolHref);
    const href = await page.getAttribute('[data-testid="wallet-positions"] tr[data-position] a', "href");
    assert.ok(href.startsWith(`${PREFIX}dlmm/positions/`), href);
    await page.click('[data-testid="wallet-positions"] tr[data-position] a');
    await page.waitForSelector('[data-testid="position-timeline"] li');
    assert.equal(new URL(page.url()).pathname, href);
    const owner = await page.getAttribute('[data-field="owner"]', "data-value");
    assert.equal(owner, wallet);
    await page.goBack();
    await page.waitForSelector('[data-testid="wallet-open"] tbody tr');
    await screenshot(page, "subpath-dlmm-wallet");
    assert.deepEqual(page.errors, []);
    assert.deepEqual([...page.origins], [site.url], "every request, the APIs' included, went to the site's origin");
  } finally {
    await browser.close();
    await site.close();
  }
});
