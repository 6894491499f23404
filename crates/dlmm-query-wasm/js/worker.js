// The worker behind `all()` in browsers (registered by index.js): it instantiates the module the page sends,
// answers "ready", then runs each call it is given, posting the call's batches and end on the call's own port.
import { initSync, __allInWorker } from "./dlmm_query_wasm.js";

// A failure outside any call's handling: the page then rejects the calls in flight and runs later ones itself.
self.addEventListener("unhandledrejection", (event) => {
  self.postMessage({ failed: String(event.reason?.message ?? event.reason) });
});

self.onmessage = ({ data }) => {
  if (data instanceof WebAssembly.Module) {
    initSync({ module: data });
    self.postMessage("ready");
  } else if (data?.port instanceof MessagePort) {
    __allInWorker(data.options, data.call, data.port);
  }
};
