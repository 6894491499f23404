// The release build served from a sub-path: `trunk build --release --public-url /explorer/ --dist DIR`, then run
// with SUBPATH_DIST_DIR=DIR (skipped otherwise; `cargo xtask ci` builds only the root dist/). The router takes its
// base from <base href>, links carry it, and unknown paths get 404.html as a static host would serve it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { launchChromium, screenshot } from "./support.mjs";

const dir = process.env.SUBPATH_DIST_DIR;
const PREFIX = "/explorer/";
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };

/** A static host: files under PREFIX, 404.html (status 404) for anything else under it. */
async function serveUnderPrefix(root) {
  const server = createServer(async (req, res) => {
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

test("the site works under a sub-path, deep links included", { skip: !dir && "SUBPATH_DIST_DIR not set" }, async () => {
  const site = await serveUnderPrefix(resolve(dir));
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
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
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await site.close();
  }
});

test("datapi pages work under a sub-path: a wallet deep link, its position, links keep the prefix", { skip: !dir && "SUBPATH_DIST_DIR not set" }, async () => {
  const pairBase = process.env.DLMM_PAIR_BASE_URL;
  assert.ok(pairBase, "DLMM_PAIR_BASE_URL must point at the replica the site was built for");
  const { wallet } = (await (await fetch(`${pairBase}/__replica/samples`)).json()).datapi.wallet_with_positions;
  const site = await serveUnderPrefix(resolve(dir));
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${site.url}${PREFIX}dlmm/wallets/${wallet}`);
    await page.waitForSelector('[data-testid="wallet-open"] tbody tr');
    const poolHref = await page.getAttribute('[data-testid="wallet-open"] tbody tr a', "href");
    assert.ok(poolHref.startsWith(`${PREFIX}dlmm/pools/`), poolHref);
    const href = await page.getAttribute('[data-testid="wallet-open"] li[data-position] a', "href");
    assert.ok(href.startsWith(`${PREFIX}dlmm/positions/`), href);
    await page.click('[data-testid="wallet-open"] li[data-position] a');
    await page.waitForSelector('[data-testid="position-timeline"] li');
    assert.equal(new URL(page.url()).pathname, href);
    const owner = await page.getAttribute('[data-field="owner"]', "data-value");
    assert.equal(owner, wallet);
    await page.goBack();
    await page.waitForSelector('[data-testid="wallet-open"] tbody tr');
    await screenshot(page, "subpath-dlmm-wallet");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await site.close();
  }
});
