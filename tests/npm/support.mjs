// Shared by the Node tests of the npm package: the package as users get it (`npm pack pkg/`, installed by name into
// a fresh project), plain `fetch` of the raw JSON the SDK is compared with, and small local servers.
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** The repository's root. */
export const root = resolve(import.meta.dirname, "../..");

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/**
 * Packs `pkg/` and installs the tarball into a fresh project in a temporary directory, then imports it by its name
 * `dlmm-query` (as ESM, through the package's `exports`). Resolves to the module, `npm pack`'s record of the tarball
 * and `remove()` (deletes the temporary directory).
 */
export async function installPackage() {
  const work = mkdtempSync(join(tmpdir(), "dlmm-npm-"));
  const out = execFileSync(npm, ["pack", join(root, "pkg"), "--pack-destination", work, "--json"], { encoding: "utf8" });
  const packed = JSON.parse(out)[0];
  const tgz = join(work, readdirSync(work).find((f) => f.endsWith(".tgz")));
  const project = join(work, "app");
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  execFileSync(npm, ["install", tgz, "--no-audit", "--no-fund"], { cwd: project, encoding: "utf8" });
  writeFileSync(join(project, "main.mjs"), 'export * from "dlmm-query";\n');
  const sdk = await import(pathToFileURL(join(project, "main.mjs")).href);
  return { sdk, packed, remove: () => rmSync(work, { recursive: true, force: true }) };
}

/** The JSON body of a GET, with plain `fetch` (what a caller without the SDK gets). */
export const json = async (url) => (await fetch(url)).json();

/** The text body of a GET. */
export const text = async (url) => (await fetch(url)).text();

/** `snake_case` → `camelCase` (`fee_tvl_ratio` → `feeTvlRatio`, `hour_24` → `hour24`); other keys are unchanged. */
export const camel = (s) => s.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

/** A fresh fault id, so that `times=n` counters of the replica start at zero for every test. */
export const faultId = () => `${Date.now()}-${Math.random()}`;

/**
 * A local HTTP server on a free loopback port, with CORS (any origin, any header), answering with `handle(req, res)`
 * and recording every request it got (`requests`: method and URL, preflights included). Resolves to
 * `{ url, requests, close() }`.
 */
export async function serve(handle) {
  const requests = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method, url: req.url, headers: req.headers });
    res.setHeader("access-control-allow-origin", "*");
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "access-control-allow-methods": "GET",
        "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
        "access-control-max-age": "600",
      });
      res.end();
      return;
    }
    handle(req, res);
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    close: () => new Promise((ok) => server.close(ok)),
  };
}
