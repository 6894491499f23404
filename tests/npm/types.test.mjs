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
    import { createClient, isDlmmError, lexicalOrderMints, type PoolMetrics, type DlmmError, type PairInfo,
      type ClientOptions, type PairListOptions, type PositionPnl, type Windows } from "PKG";
    const options: ClientOptions = { poolBaseUrl: "http://127.0.0.1:1", timeoutMs: 5000, headers: { "x-a": "b" },
      retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1000, maxTotalMs: 5000 }, rateLimit: false };
    const client = createClient(options);
    createClient({ retry: false, rateLimit: { pairPerSecond: 10, poolPerSecond: 5 } });
    const controller = new AbortController();
    const call = { signal: controller.signal, timeoutMs: 1000, retry: false } as const;
    const list: PairListOptions = { page: 0, limit: 10, sortKey: "feetvlratio30m", orderBy: "asc", hideLowTvl: 1000,
      hideLowApr: true, includeUnknown: false, searchTerm: "SOL", poolsToTop: [], includeTokenMints: [],
      includePoolTokenPairs: [], tags: [], launchpad: [], skipSize: 0, signal: controller.signal };
    async function main(): Promise<number> {
      try {
        const m: PoolMetrics = await client.getPoolMetrics("addr", { caseSensitive: false, signal: controller.signal });
        const tvl: number = m.tvl;
        const when: number = m.updatedAt;
        const address: string = m.poolAddress;
        const p = await client.getProtocolMetrics(call);
        const all: PairInfo[] = await client.all({ includeUnknown: false, minTvl: 1000, ...call });
        const first: PairInfo | undefined = all[0];
        const reserve: bigint | undefined = first?.reserveXAmount;
        const w: Windows | undefined = first?.feeTvlRatio;
        const h24: number | undefined = w?.hour24;
        const liq: number | undefined = first?.liquidity;
        const { pairs, total } = await client.allWithPagination(list);
        const { groups } = await client.allByGroups(list);
        const { metadatas } = await client.allByGroupsMetadata(list);
        const group: PairInfo[] = await client.getSingleGroupPair("a-b", call);
        const pair: PairInfo = await client.getPair("x", call);
        const fee = await client.getPairFeeBpsByDays("x", 1, call);
        const vol = await client.getPairVolumeByDays("x", 1, call);
        const tvlDays = await client.getPairTvlByDays("x", 1, call);
        const swaps = await client.getPairSwapRecords("x", 10, call);
        const inAmount: bigint | undefined = swaps[0]?.inAmount;
        const ts: number | undefined = swaps[0]?.onchainTimestamp;
        const locks = await client.getPairPositionsLock("x", call);
        const pos = await client.getPosition("x", call);
        const fees = await client.getClaimFees("x", call);
        const rewards = await client.getClaimRewards("x", call);
        const deposits = await client.getDeposits("x", call);
        const withdraws = await client.getWithdraws("x", call);
        const v2 = await client.getPositionV2("x", call);
        const earning = await client.getWalletEarning("w", "p", call);
        const pnl: PositionPnl = await client.getPositionPnl("x", { currentValueUsd: 3, ...call });
        const net: number = pnl.netUsd;
        for await (const item of client.pairs({ sortKey: "tvl", hideLowTvl: 1000 })) { const a: string = item.address; void a; }
        for await (const g of client.groups(list)) { const ps: PairInfo[] = g.pairs; void ps; }
        for await (const md of client.groupMetadatas()) { const k: string = md.lexicalOrderMints; void k; }
        const it = client.pairs();
        const step = await it.next();
        if (!step.done) { const a: string = step.value.address; void a; }
        await it.return?.();
        const key: string = lexicalOrderMints("a", "b");
        void [p, reserve, h24, liq, pairs, groups, metadatas, group, pair, fee, vol, tvlDays, inAmount, ts, locks, pos,
          fees, rewards, deposits, withdraws, v2, earning, key];
        return tvl + when + address.length + total + net;
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
    client.getPairFeeBpsByDays("a", "3");
    client.allWithPagination({ sortKey: "nope" });
    async function g() { const p = await client.getPair("a"); const n: number = p.reserveXAmount; void n; }
    void g;
  `);
  assert.match(errors, /consumer\.ts\(4,/);
  assert.match(errors, /consumer\.ts\(5,/);
  assert.match(errors, /consumer\.ts\(6,/);
  assert.match(errors, /consumer\.ts\(8,/);
  assert.match(errors, /consumer\.ts\(9,/);
  assert.match(errors, /consumer\.ts\(10,/);
});

test("no `any` in the public API's declarations", async () => {
  const { readFileSync } = await import("node:fs");
  const decl = readFileSync(join(root, "pkg/dlmm_query_wasm.d.ts"), "utf8");
  // Everything before wasm-bindgen's loader boilerplate (InitInput, InitOutput: the raw exports) is the public API.
  const api = decl.slice(0, decl.indexOf("export type InitInput"));
  const code = api.split("\n").filter((l) => !/^\s*(\*|\/\*\*|\/\/)/.test(l)).join("\n");
  assert.doesNotMatch(code, /\bany\b/);
  for (const name of ["getProtocolMetrics", "all", "allByGroups", "allByGroupsMetadata", "allWithPagination",
    "getSingleGroupPair", "getPair", "getPairFeeBpsByDays", "getPairVolumeByDays", "getPairTvlByDays",
    "getPairSwapRecords", "getPairPositionsLock", "getPosition", "getClaimFees", "getClaimRewards", "getDeposits",
    "getWithdraws", "getPositionV2", "getWalletEarning", "getPoolMetrics", "getPositionPnl", "pairs", "groups",
    "groupMetadatas"]) {
    assert.match(code, new RegExp(`\\n    ${name}\\(`), name);
  }
});
