// The package's TypeScript declarations: a strict consumer file type-checks, and misuse does not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");
const tsc = join(root, "node_modules/typescript/bin/tsc");

function typecheck(source) {
  const dir = mkdtempSync(join(tmpdir(), "dlmm-types-"));
  const file = join(dir, "consumer.ts");
  writeFileSync(file, source.replaceAll("PKG", join(root, "pkg/index.js")));
  try {
    execFileSync(process.execPath, [tsc, "--noEmit", "--strict", "--target", "es2022", "--module", "nodenext",
      "--moduleResolution", "nodenext", "--lib", "esnext,dom", "--skipLibCheck", "false", file], { encoding: "utf8" });
    return "";
  } catch (e) {
    return e.stdout || String(e);
  }
}

test("a strict consumer type-checks against the declarations", () => {
  const errors = typecheck(`
    import { createClient, isDlmmError, type PoolMetrics, type DlmmError } from "PKG";
    const client = createClient({ poolBaseUrl: "http://127.0.0.1:1", timeoutMs: 5000, headers: { "x-a": "b" } });
    const controller = new AbortController();
    async function main(): Promise<number> {
      try {
        const m: PoolMetrics = await client.getPoolMetrics("addr", { caseSensitive: false, signal: controller.signal });
        const tvl: number = m.tvl;
        const when: number = m.updatedAt;
        const address: string = m.poolAddress;
        return tvl + when + address.length;
      } catch (e) {
        if (isDlmmError(e)) {
          const err: DlmmError = e;
          if (err.kind === "rateLimited") return err.retryAfterMs ?? 0;
          return err.status ?? 0;
        }
        throw e;
      }
    }
    void main;
  `);
  assert.equal(errors, "");
});

test("misuse is a type error", () => {
  const errors = typecheck(`
    import { createClient } from "PKG";
    const client = createClient();
    client.getPoolMetrics(42);
    client.getPoolMetrics("a", { caseSensitive: "no" });
    async function f() { const m = await client.getPoolMetrics("a"); const s: string = m.tvl; void s; }
    void f;
  `);
  assert.match(errors, /consumer\.ts\(4,/);
  assert.match(errors, /consumer\.ts\(5,/);
  assert.match(errors, /consumer\.ts\(6,/);
});
