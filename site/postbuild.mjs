// Trunk post_build hook (see Trunk.toml): runs in the staging directory before it replaces dist/.
//  1. Moves trunk's inline module loader into boot-<hash>.js: the CSP allows scripts from the site itself only.
//  2. Sets the CSP's connect-src to 'self', the build-time API origins (DLMM_PAIR_BASE_URL / DLMM_POOL_BASE_URL)
//     and the allow-list DLMM_CSP_CONNECT_SRC (default: any https origin and loopback, so Settings keep working).
//     Dev builds (`trunk serve`) also allow trunk's inline live-reload script and its websocket.
//  3. Copies index.html to 404.html, the fallback static hosts serve for deep links.
import { readFile, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { join } from "node:path";

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error("TRUNK_STAGING_DIR is not set: run through trunk");
const publicUrl = process.env.TRUNK_PUBLIC_URL ?? "/";
const indexPath = join(dir, "index.html");
let html = await readFile(indexPath, "utf8");

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
const allow = process.env.DLMM_CSP_CONNECT_SRC ?? "https: http://127.0.0.1:* http://localhost:*";
const origins = [origin(process.env.DLMM_PAIR_BASE_URL), origin(process.env.DLMM_POOL_BASE_URL)].filter(Boolean);
const connect = ["'self'", ...new Set(origins), allow].join(" ");
html = html.replace(/connect-src [^;"]*/, `connect-src ${connect}`);
if (process.env.TRUNK_PROFILE === "release") {
  if (/<script(?![^>]*\bsrc=)[^>]*>/.test(html)) throw new Error("an inline script is left: the CSP would block it");
} else {
  // `trunk serve` (dev builds only, never deployed) adds an inline live-reload script whose address it fills in
  // when it serves the page, and talks to it over a websocket: allow both, in dev builds only.
  html = html.replace(/script-src ([^;"]*)/, "script-src $1 'unsafe-inline'");
  html = html.replace(/connect-src ([^;"]*)/, "connect-src $1 ws: wss:");
}

await writeFile(indexPath, html);
await writeFile(join(dir, "404.html"), html);
