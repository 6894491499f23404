// The Settings page's contract check in the built explorer (dist/), headless Chromium: each datapi host's own
// OpenAPI document (`/api-docs/openapi.json`, which the replica publishes when started with `--openapi
// ../shared/openapi`, as `cargo xtask ci` starts it) compared with what the explorer reads, in the contract worker.
// What the page lists is checked against the spec the host served: a route said to be unlisted is not in its
// `paths`, every other one is. A host that moved (a spec edited on its way to the page), one that publishes none,
// and an answer that is no spec are shown as such. Skipped, saying so, when the replica publishes no spec (the shared
// folder absent); under CI=true that is a failure.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchChromium, openPage, screenshotThemes } from "./support.mjs";

const { DIST_DIR, DLMM_DATAPI_BASE_URL: dlmmBase, DAMM_V2_DATAPI_BASE_URL: dammBase } = process.env;
assert.ok(DIST_DIR && dlmmBase && dammBase, "DIST_DIR and the datapi base URLs must be set (run `cargo xtask ci`)");

const SPEC_PATH = "/api-docs/openapi.json";
const published = await fetch(`${dlmmBase}${SPEC_PATH}`).then((r) => r.status === 200, () => false);
if (!published && process.env.CI === "true") {
  throw new Error(`${dlmmBase}${SPEC_PATH} is not published, and CI=true: start the replica with --openapi`);
}
const skip = !published && `the replica publishes no spec at ${SPEC_PATH} (started without --openapi ../shared/openapi)`;

let site, browser;
before(async () => {
  site = await serveDist(DIST_DIR);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

/** Runs the check of `service` (`dlmm`, `damm-v2`) on /settings and waits for its outcome. */
async function runCheck(page, service) {
  const section = page.locator(`[data-testid="contract-${service}"]`);
  await section.locator("button").click();
  await section.locator('[data-testid="contract-summary"], [data-state]').first().waitFor();
  return section;
}

/** The rows of a check's table: kind, route, field and status of each. */
const rows = (section) =>
  section.locator("tbody tr").evaluateAll((trs) =>
    trs.map((tr) => ({
      kind: tr.dataset.kind,
      known: tr.dataset.known === "true",
      route: tr.cells[1].textContent,
      field: tr.cells[2].textContent,
      status: tr.cells[5].textContent,
    })),
  );

/** Checks each row against the spec the host served. */
function agreeWithSpec(list, spec, service) {
  assert.ok(list.length > 0, `${service}: the vendor's document and the library differ in known ways`);
  for (const row of list) {
    const listed = Object.hasOwn(spec.paths, row.route);
    assert.equal(listed, row.kind !== "route-not-listed", `${service}: ${row.kind} ${row.route}`);
    if (row.known) assert.match(row.status, /^known: \S/, `${service}: a known difference gives its reason`);
  }
}

test("settings: each datapi host's own spec is compared with what the explorer reads, every difference explained", { skip }, async () => {
  const page = await openPage(browser);
  await page.goto(`${site.url}/settings`);
  for (const [service, base] of [["dlmm", dlmmBase], ["damm-v2", dammBase]]) {
    const spec = await (await fetch(`${base}${SPEC_PATH}`)).json();
    const section = await runCheck(page, service);
    const summary = section.locator('[data-testid="contract-summary"]');
    assert.equal(await summary.getAttribute("data-new"), "0", `${service}: ${await summary.textContent()}`);
    const list = await rows(section);
    assert.equal(String(list.length), await summary.getAttribute("data-total"));
    assert.ok(list.every((row) => row.known), `${service}: every difference is a known one`);
    agreeWithSpec(list, spec, service);
    assert.match(await summary.textContent(), new RegExp(`The spec lists ${Object.keys(spec.paths).length} routes`));
  }
  // The live DLMM host no longer lists the group routes: the check says so, with the reason they are still read.
  const dlmm = await rows(page.locator('[data-testid="contract-dlmm"]'));
  assert.ok(dlmm.some((row) => row.kind === "route-not-listed" && row.route === "/pools/groups"), "the group routes");
  await screenshotThemes(page, "settings-contract-check");
  assert.deepEqual(page.errors, []);
});

test("settings: a host that moved shows its new differences first; no spec and a body that is none are said so", { skip }, async () => {
  const spec = await (await fetch(`${dlmmBase}${SPEC_PATH}`)).json();
  // The host moved: a route the explorer reads is gone, and one it does not know appeared.
  const moved = structuredClone(spec);
  delete moved.paths["/stats/protocol_metrics"];
  moved.paths["/stats/brand_new"] = { get: { responses: { 200: { description: "new" } } } };
  const cors = { "access-control-allow-origin": "*", "content-type": "application/json" };
  const page = await openPage(browser);
  await page.route(`${dlmmBase}${SPEC_PATH}`, (route) => route.fulfill({ status: 200, headers: cors, body: JSON.stringify(moved) }));
  await page.route(`${dammBase}${SPEC_PATH}`, (route) =>
    route.fulfill({ status: 404, headers: cors, body: JSON.stringify({ message: "no spec here" }) }),
  );
  await page.goto(`${site.url}/settings`);
  const section = await runCheck(page, "dlmm");
  assert.equal(await section.locator('[data-testid="contract-summary"]').getAttribute("data-new"), "2");
  const [first, second, ...rest] = await rows(section);
  const news = [first, second].map((row) => `${row.kind} ${row.route} ${row.status}`).sort();
  assert.deepEqual(news, ["route-not-declared /stats/brand_new new", "route-not-listed /stats/protocol_metrics new"]);
  assert.ok(rest.every((row) => row.known), "the known ones after the new ones");
  agreeWithSpec([first, second, ...rest], moved, "dlmm");
  await screenshotThemes(page, "settings-contract-check-moved");

  const damm = await runCheck(page, "damm-v2");
  assert.equal(await damm.locator("[data-state]").getAttribute("data-state"), "not-served");
  assert.match(await damm.textContent(), /publishes no spec/);

  await page.unroute(`${dlmmBase}${SPEC_PATH}`);
  await page.route(`${dlmmBase}${SPEC_PATH}`, (route) => route.fulfill({ status: 200, headers: cors, body: "<html>maintenance</html>" }));
  const again = await runCheck(page, "dlmm");
  await again.locator('[data-state="not-a-spec"]').waitFor();
  assert.match(await again.textContent(), /not JSON/);
  // The browser logs the 404 it was served on purpose; nothing else went wrong.
  assert.deepEqual(page.errors.filter((e) => !/status of 404/.test(e)), []);
});
