// Both entry points (browser and Node) initialise the WebAssembly before resolving, so the API is ready on import.
export * from "./dlmm_query_wasm.js";
