// The package's TypeScript declarations: a strict consumer file type-checks, and misuse does not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
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

test("a strict consumer calls every method of the datapi client with typed queries and reads typed fields", () => {
  const errors = typecheck(`
    import { createDatapiClient, isDlmmError, DatapiClient, type DatapiClientOptions, type DatapiPoolsQuery,
      type DlmmPool, type DammV2Pool, type DatapiPaginated, type DatapiTimeseries, type DatapiCandle,
      type DatapiVolumeBucket, type DatapiWindows, type DatapiProtocolMetrics, type DlmmGroup, type DammV2Group,
      type DatapiToken, type DatapiDailyMetrics, type DatapiDailyPoint, type DatapiDailyView } from "PKG";
    const options: DatapiClientOptions = { dlmmBaseUrl: "http://127.0.0.1:1", dammV2BaseUrl: "http://127.0.0.1:2",
      timeoutMs: 5000, headers: { "x-a": "b" }, retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1000,
      maxTotalMs: 5000 }, rateLimit: { dlmmPerSecond: 30, dammV2PerSecond: 10 }, maxBodyBytes: 1 << 20 };
    const client: DatapiClient = createDatapiClient(options);
    createDatapiClient();
    createDatapiClient({ retry: false, rateLimit: false });
    const { dlmm, dammV2 } = client;
    const controller = new AbortController();
    const call = { signal: controller.signal, timeoutMs: 1000, retry: false } as const;
    const query: DatapiPoolsQuery = { page: 1, pageSize: 100, query: "SOL",
      sortBy: { metric: "volume", window: "24h", direction: "desc" },
      filterBy: [{ field: "tvl", op: ">=", value: 1000 }, { field: "is_blacklisted", op: "=", value: false },
        { field: "name", op: "=", value: ["SOL-USDC", "JUP-SOL"] }, { field: "token_x", op: "=", value: "So1" }],
      signal: controller.signal, timeoutMs: 1000, retry: { maxAttempts: 2 } };
    const asText: DatapiPoolsQuery = { sortBy: "tvl:desc", filterBy: "tvl>1000 && is_blacklisted=false" };
    const series = { timeframe: "1h", startTime: 1_700_000_000, endTime: 1_700_086_400 } as const;
    async function main(): Promise<number> {
      try {
        const page: DatapiPaginated<DlmmPool> = await dlmm.getPools(query);
        const total: number = page.total + page.pages + page.currentPage + page.pageSize;
        const p: DlmmPool | undefined = page.data[0];
        const amount: string | undefined = p?.tokenXAmount;
        const tvl: number | undefined = p?.tvl;
        const created: number | undefined = p?.createdAt;
        const windows: DatapiWindows | undefined = p?.volume;
        const day: number | undefined = windows?.["24h"];
        const half: number | undefined = p?.feeTvlRatio["30m"];
        const token: DatapiToken | undefined = p?.tokenX;
        const supply: string | undefined = token?.totalSupply;
        const binStep: number | undefined = p?.poolConfig.binStep;
        await dlmm.getPools(asText);
        await dlmm.getPools();
        for await (const pool of dlmm.pools({ pageSize: 1000, sortBy: { metric: "tvl", direction: "asc" } })) {
          const a: string = pool.address; void a; break;
        }
        const it = dlmm.pools(query);
        const step = await it.next();
        if (!step.done) { const a: string = step.value.name; void a; }
        await it.return?.();
        const pool: DlmmPool = await dlmm.getPool("a", call);
        const candles: DatapiTimeseries<DatapiCandle> = await dlmm.getPoolOhlcv("a", { ...series, ...call });
        const c0: DatapiCandle | undefined = candles.data[0];
        const ts: number | undefined = c0?.timestamp;
        const close: number | undefined = c0?.close;
        const vol: DatapiTimeseries<DatapiVolumeBucket> = await dlmm.getPoolVolumeHistory("a", series);
        await dlmm.getPoolOhlcv("a");
        const groups: DatapiPaginated<DlmmGroup> = await dlmm.getGroups({ pageSize: 10, ...call });
        const g0: number | undefined = groups.data[0]?.poolCount;
        for await (const g of dlmm.groups()) { const k: string = g.lexicalOrderMints; void k; }
        const group: DatapiPaginated<DlmmPool> = await dlmm.getGroup("a-b", { pageSize: 5 });
        const proto: DatapiProtocolMetrics = await dlmm.getProtocolMetrics(call);
        const refreshed: number | undefined = proto.refreshedAt;
        const daily: DatapiDailyMetrics = await dlmm.getDailyVolume({ startTime: 0, endTime: 1, view: "both", ...call });
        const day0: DatapiDailyPoint | undefined = daily.dataPoints[0];
        const dayClean: number | undefined = day0?.clean;
        const dayText: string | undefined = day0?.dateTime;
        const view: DatapiDailyView = "gross";
        await dlmm.getDailyTradingFees({ view });
        await dlmm.getDailyProtocolFees();
        const portfolio = await dlmm.getPortfolio("w", { daysBack: 30, page: 1, pageSize: 50, ...call });
        const hasNext: boolean = portfolio.hasNext;
        const open = await dlmm.getOpenPortfolio("w", { page: 1, pageSize: 10 });
        const totals = await dlmm.getPortfolioTotal("w", call);
        const closedCount: number | undefined = totals.totalClosedPositions;
        const events = await dlmm.getPositionEvents("pos", { eventType: "claim_fee", orderDirection: "asc", ...call });
        const ex: string | undefined = events.events[0]?.amountX;
        const block: number | undefined = events.events[0]?.blockTime;
        const pnl = await dlmm.getPositionsPnl("pool", "user", { status: "open", page: 1, pageSize: 100 });
        const pnlSol: string | undefined = pnl.positions[0]?.pnlSol;
        const claims = await dlmm.getWalletPoolClaims("w", "p", call);
        const feeX: string = claims.totalFeeX;
        const lop = await dlmm.getOpenLimitOrderPools("w", { page: 1, pageSize: 1000 });
        const lo = await dlmm.getOpenLimitOrders("w", "p", { pageSize: 10 });
        const input: string | undefined = lo.data[0]?.inputAmount;
        const lcp = await dlmm.getClosedLimitOrderPools("w");
        const lc = await dlmm.getClosedLimitOrders("w", "p", call);
        const bonus = await dlmm.getLimitOrderBonusClaimed("w", "p");
        const summary = await dlmm.getLimitOrderSummary("w", call);
        const valueSol: string | undefined = summary.totalCurrentValueSol;
        const realized: number | undefined = summary.realizedPnlUsd;
        const orders: number = summary.openOrders + summary.closedOrders;

        const dpage: DatapiPaginated<DammV2Pool> = await dammV2.getPools(query);
        const d0: DammV2Pool | undefined = dpage.data[0];
        const maxPrice: number | undefined = d0?.poolConfig.maxPrice;
        const dAmount: string | undefined = d0?.tokenYAmount;
        for await (const pool of dammV2.pools({ pageSize: 50 })) { const a: string = pool.vaultX; void a; }
        const dpool: DammV2Pool = await dammV2.getPool("a");
        const dc: DatapiTimeseries<DatapiCandle> = await dammV2.getPoolOhlcv("a", series);
        const dv: DatapiTimeseries<DatapiVolumeBucket> = await dammV2.getPoolVolumeHistory("a", { timeframe: "24h" });
        const dg: DatapiPaginated<DammV2Group> = await dammV2.getGroups({ page: 2 });
        for await (const g of dammV2.groups({ pageSize: 100 })) { const n: number = g.totalTvl; void n; }
        const dgroup: DatapiPaginated<DammV2Pool> = await dammV2.getGroup("a-b");
        const dproto: DatapiProtocolMetrics = await dammV2.getProtocolMetrics();
        const ddaily: DatapiDailyMetrics = await dammV2.getDailyVolume();
        void [refreshed, dayClean, dayText, view, closedCount, pnlSol, valueSol, realized, ddaily];
        void [amount, tvl, created, day, half, supply, binStep, pool, ts, close, vol, g0, group, proto, open, totals,
          ex, block, pnl, feeX, lop, lcp, lc, bonus, maxPrice, dAmount, dpool, dc, dv, dg, dgroup, dproto];
        return total + orders + (hasNext ? 1 : 0);
      } catch (e) {
        if (isDlmmError(e)) return e.kind === "invalidInput" ? (e.parameter ?? "").length : e.status ?? 0;
        throw e;
      }
    }
    void main;
  `);
  assert.equal(errors, "");
});

test("datapi misuse is a type error", () => {
  const errors = typecheck(`
    import { createDatapiClient } from "PKG";
    const { dlmm, dammV2 } = createDatapiClient();
    dlmm.getPools({ sortBy: { metric: "volume", window: "7d" } });
    dlmm.getPools({ pageSize: "10" });
    dlmm.getPools({ filterBy: [{ field: "tvl", op: ">=", value: "1000" }] });
    dlmm.getPoolOhlcv("a", { timeframe: "1d" });
    dammV2.getPortfolio("w");
    dlmm.getPool(42);
    async function f() { const p = await dlmm.getPool("a"); const n: number = p.tokenXAmount; void n; }
    dlmm.getPools({ pageSiz: 10 });
    createDatapiClient({ dlmmBaseURL: "x" });
    void f;
    dlmm.getDailyVolume({ view: "net" });
    dlmm.getDailyVolume({ timeframe: "24h" });
    async function g() { const d = await dlmm.getDailyVolume(); const s: string = d.dataPoints[0]!.timestamp; void s; }
    void g;
  `);
  assert.doesNotMatch(errors, /consumer\.ts\([23],/, "the import itself type-checks");
  for (const line of [4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16]) assert.match(errors, new RegExp(`consumer\\.ts\\(${line},`), `line ${line}`);
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

test("no `any` in a public signature of the package's declarations", () => {
  // The TypeScript compiler's own view: every declaration exported by the package's entry (`index.d.ts`, which
  // re-exports `dlmm_query_wasm.d.ts`, also the `./web` subpath's types), walked node by node. Only wasm-bindgen's
  // loader types are left out: `InitOutput` lists the raw WebAssembly exports (externrefs are `any` there, as in
  // `dlmm_query_wasm_bg.wasm.d.ts`, which no entry point exposes).
  const ts = createRequire(import.meta.url)(join(root, "node_modules/typescript"));
  const LOADER = new Set(["InitOutput", "InitInput", "SyncInitInput", "initSync", "default"]);
  const found = [];
  const exported = new Map();
  for (const file of ["index.d.ts", "dlmm_query_wasm.d.ts"]) {
    const entry = join(root, "pkg", file);
    const program = ts.createProgram([entry], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ["lib.esnext.d.ts", "lib.dom.d.ts"] });
    const checker = program.getTypeChecker();
    const symbols = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)));
    for (const symbol of symbols) {
      if (LOADER.has(symbol.name)) continue;
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      exported.set(symbol.name, { checker, target });
      const visit = (node) => {
        if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`${file}: ${symbol.name}: ${node.parent.getText()}`);
        ts.forEachChild(node, visit);
      };
      for (const declaration of target.declarations ?? []) visit(declaration);
    }
  }
  assert.deepEqual(found, [], "`any` in a public declaration");

  const members = (name) => {
    const entry = exported.get(name);
    assert.ok(entry, `${name} is exported`);
    return entry.checker.getDeclaredTypeOfSymbol(entry.target).getProperties().map((p) => p.name);
  };
  const keeper = members("DlmmClient");
  for (const name of ["getProtocolMetrics", "all", "allByGroups", "allByGroupsMetadata", "allWithPagination",
    "getSingleGroupPair", "getPair", "getPairFeeBpsByDays", "getPairVolumeByDays", "getPairTvlByDays",
    "getPairSwapRecords", "getPairPositionsLock", "getPosition", "getClaimFees", "getClaimRewards", "getDeposits",
    "getWithdraws", "getPositionV2", "getWalletEarning", "getPoolMetrics", "getPositionPnl", "pairs", "groups",
    "groupMetadatas"]) {
    assert.ok(keeper.includes(name), `DlmmClient.${name}`);
  }
  assert.ok(members("DatapiClient").includes("dlmm") && members("DatapiClient").includes("dammV2"));
  const shared = ["getPools", "pools", "getPool", "getPoolOhlcv", "getPoolVolumeHistory", "getGroups", "groups",
    "getGroup", "getProtocolMetrics", "getDailyVolume", "getDailyTradingFees", "getDailyProtocolFees"];
  const dlmmOnly = ["getPortfolio", "getOpenPortfolio", "getPortfolioTotal", "getPositionEvents", "getPositionsPnl",
    "getWalletPoolClaims", "getOpenLimitOrderPools", "getOpenLimitOrders", "getClosedLimitOrderPools",
    "getClosedLimitOrders", "getLimitOrderBonusClaimed", "getLimitOrderSummary"];
  for (const name of [...shared, ...dlmmOnly]) assert.ok(members("DlmmDatapi").includes(name), `DlmmDatapi.${name}`);
  for (const name of shared) assert.ok(members("DammV2Datapi").includes(name), `DammV2Datapi.${name}`);
  for (const name of ["createClient", "createDatapiClient", "isDlmmError", "lexicalOrderMints", "DlmmPool",
    "DammV2Pool", "DatapiWindows", "DatapiPaginated", "DatapiTimeseries", "DatapiPoolsQuery", "DatapiClientOptions"]) {
    assert.ok(exported.has(name), `${name} is exported`);
  }
});
