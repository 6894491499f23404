// Entry point for browsers and bundlers (Vite, webpack, …): loads the WebAssembly next to this file once,
// then re-exports the API. Bundlers see `new URL(…, import.meta.url)` and ship the .wasm as an asset.
import init, { DlmmPageIterator } from "./dlmm_query_wasm.js";

await init({ module_or_path: new URL("./dlmm_query_wasm_bg.wasm", import.meta.url) });
// The list iterators are async iterables: `for await (const pair of client.pairs())`.
DlmmPageIterator.prototype[Symbol.asyncIterator] = function () {
  return this;
};

export * from "./dlmm_query_wasm.js";
