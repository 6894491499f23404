// Entry point for browsers and bundlers (Vite, webpack, …): compiles the WebAssembly next to this file once,
// instantiates it, then re-exports the API. Bundlers see `new URL(…, import.meta.url)` and ship the .wasm (and the
// worker) as assets.
import init, { DlmmPageIterator, __setAllWorker } from "./dlmm_query_wasm.js";

const module = await compile(new URL("./dlmm_query_wasm_bg.wasm", import.meta.url));
await init({ module_or_path: module });
// The list iterators are async iterables: `for await (const pair of client.pairs())`.
DlmmPageIterator.prototype[Symbol.asyncIterator] = function () {
  return this;
};
// `all()` reads and transcodes the pair list in a worker running this same module, while this thread parses what it
// posts back. Where a worker cannot start (a CSP without `worker-src`, say), `all()` runs in this thread.
if (typeof Worker === "function") {
  __setAllWorker(() => {
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.postMessage(module);
    return worker;
  });
}

/** The compiled module at `url` (streamed when served as `application/wasm`). */
async function compile(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`dlmm-query: cannot load ${url}: HTTP ${response.status}`);
  if (typeof WebAssembly.compileStreaming === "function" && response.headers.get("content-type")?.startsWith("application/wasm")) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

export * from "./dlmm_query_wasm.js";
