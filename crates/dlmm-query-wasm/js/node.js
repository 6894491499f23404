// Entry point for Node 18+: reads the WebAssembly from disk (Node's fetch cannot read file: URLs),
// then re-exports the API.
import { readFile } from "node:fs/promises";
import init, { DlmmPageIterator } from "./dlmm_query_wasm.js";

await init({ module_or_path: await readFile(new URL("./dlmm_query_wasm_bg.wasm", import.meta.url)) });
// The list iterators are async iterables: `for await (const pair of client.pairs())`.
DlmmPageIterator.prototype[Symbol.asyncIterator] = function () {
  return this;
};

export * from "./dlmm_query_wasm.js";
