// Trunk post_build hook (see Trunk.toml): runs in the staging directory before it replaces dist/.
//  0. Release builds: leaves out the exports nothing calls (`cargo xtask drop-exports`), gives the explorer's .wasm
//     and glue short import and export names (`cargo xtask minify-names`,
//     see crates/xtask/src/wasm_names.rs: ~3.8 KB less gzip), lays each .wasm's functions out for compression, the
//     explorer's and its contract worker's (`cargo xtask order-functions`, see crates/xtask/src/wasm_order.rs: the
//     same functions in another order, ~5 % less gzip), and updates the integrity hashes trunk gave the explorer's
//     preload links.
//  1. Moves trunk's inline module loader into boot-<hash>.js: the CSP allows scripts from the site itself only.
//  2. Sets the CSP's connect-src to 'self' and exactly the build-time API origins (DLMM_PAIR_BASE_URL,
//     DLMM_POOL_BASE_URL, DLMM_DATAPI_BASE_URL, DAMM_V2_DATAPI_BASE_URL,
//     PORTFOLIO_DATAPI_BASE_URL), plus the explicit opt-in allow-list DLMM_CSP_CONNECT_SRC (default: nothing more; e.g.
//     "https:" lets visitors switch to any https source they confirm). Dev builds (`trunk serve`) also allow
//     loopback origins, trunk's inline live-reload script and its websocket.
//  3. Copies index.html to 404.html, the fallback static hosts serve for deep links.
//  4. Writes _headers (Netlify, Cloudflare Pages) sending `frame-ancestors 'none'`, which a meta CSP cannot carry.
import { readFile, readdir, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { join } from "node:path";

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error("TRUNK_STAGING_DIR is not set: run through trunk");
const publicUrl = process.env.TRUNK_PUBLIC_URL ?? "/";
const indexPath = join(dir, "index.html");
let html = await readFile(indexPath, "utf8");
const release = process.env.TRUNK_PROFILE === "release";

if (release) {
  for (const name of (await readdir(dir)).filter((file) => file.endsWith(".wasm"))) {
    const path = join(dir, name);
    // Without the size-tuned build's unstable options (see crates/xtask/src/build.rs), which are for the .wasm only:
    // the task runner is built as every other `cargo xtask` builds it, not once more.
    const env = { ...process.env };
    for (const variable of ["RUSTC_BOOTSTRAP", "CARGO_UNSTABLE_BUILD_STD", "CARGO_UNSTABLE_BUILD_STD_FEATURES"]) {
      delete env[variable];
    }
    const worker = name.startsWith("contract-worker");
    // The explorer's module and glue get short import and export names (crates/xtask/src/wasm_names.rs), before
    // the ordering, which strips the features section wasm-opt reads.
    const glue = name.replace(/_bg[.]wasm$/, ".js");
    // Exports nothing calls (wasm-streams' stream adapters, see crates/xtask/src/wasm_names.rs) and their code go.
    execFileSync("cargo", ["xtask", "drop-exports", path], { stdio: "inherit", env });
    if (!worker) execFileSync("cargo", ["xtask", "minify-names", path, join(dir, glue)], { stdio: "inherit", env });
    execFileSync("cargo", ["xtask", "order-functions", path], { stdio: "inherit", env });
    // The explorer's own .wasm and glue are preloaded with an integrity hash; a worker's (fetched by its loader) are not.
    for (const file of worker ? [name] : [name, glue]) {
      const integrity = `sha384-${createHash("sha384").update(await readFile(join(dir, file))).digest("base64")}`;
      const link = new RegExp(`(<link[^>]*href="[^"]*${file.replace(/[.]/g, "[.]")}"[^>]*integrity=")[^"]*"`);
      if (link.test(html)) html = html.replace(link, `$1${integrity}"`);
      else if (!worker) throw new Error(`no preload link with an integrity hash for ${file}`);
    }
  }
}

const inline = /<script type="module">([\s\S]*?)<\/script>/;
const match = html.match(inline);
if (match) {
  const code = match[1].trim() + "\n";
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 16);
  const name = `boot-${hash}.js`;
  await writeFile(join(dir, name), code);
  const base = publicUrl.endsWith("/") ? publicUrl : `${publicUrl}/`;
  html = html.replace(inline, `<script type="module" src="${base}${name}"></script>`);
}

const origin = (url) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};
const loopback = "http://127.0.0.1:* http://localhost:*";
const allow = process.env.DLMM_CSP_CONNECT_SRC ?? (release ? "" : loopback);
// Every build-time source and its default (as site/src/config.rs has them).
const sourceVars = [
  "DLMM_PAIR_BASE_URL",
  "DLMM_POOL_BASE_URL",
  "DLMM_DATAPI_BASE_URL",
  "DAMM_V2_DATAPI_BASE_URL",
  "PORTFOLIO_DATAPI_BASE_URL",
];
const defaults = [
  "https://dlmm-api.meteora.ag",
  "https://dammv2-api.meteora.ag",
  "https://dlmm.datapi.meteora.ag",
  "https://damm-v2.datapi.meteora.ag",
  "https://portfolio.datapi.meteora.ag",
];
const origins = sourceVars.map((name, i) => origin(process.env[name] ?? defaults[i])).filter(Boolean);
const connect = ["'self'", ...new Set(origins), ...allow.split(/\s+/).filter(Boolean)].join(" ");
html = html.replace(/connect-src [^;"]*/, `connect-src ${connect}`);
if (release) {
  if (/<script(?![^>]*\bsrc=)[^>]*>/.test(html)) throw new Error("an inline script is left: the CSP would block it");
} else {
  // `trunk serve` (dev builds only, never deployed) adds an inline live-reload script whose address it fills in
  // when it serves the page, and talks to it over a websocket: allow both, in dev builds only.
  html = html.replace(/script-src ([^;"]*)/, "script-src $1 'unsafe-inline'");
  html = html.replace(/connect-src ([^;"]*)/, "connect-src $1 ws: wss:");
}

await writeFile(indexPath, html);
await writeFile(join(dir, "404.html"), html);
// Hosts that read a _headers file (Netlify, Cloudflare Pages) send these; for others see site/README.md.
await writeFile(
  join(dir, "_headers"),
  "/*\n  Content-Security-Policy: frame-ancestors 'none'\n  X-Frame-Options: DENY\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: no-referrer\n",
);
