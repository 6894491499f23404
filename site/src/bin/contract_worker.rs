//! The contract worker: a Web Worker of the explorer (Trunk's `contract-worker` link in `index.html`) that compares a
//! host's OpenAPI document with the explorer's operations ([`dlmm_explorer::contract_check::check`]) off the page,
//! and keeps the JSON reader and the comparison out of the explorer's own `.wasm`. Its side of the exchange is
//! described in `dlmm_explorer::contract_worker`.

#[cfg(target_arch = "wasm32")]
fn main() {
    use dlmm_explorer::contract_check::{check, refusal_message};
    use dlmm_query::ApiGroup;
    use dlmm_query::drift::service_word;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    use web_sys::js_sys::{Array, Uint8Array};
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = web_sys::js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let request = Array::from(&event.data());
        let word = request.get(0).as_string().unwrap_or_default();
        let group = ApiGroup::ALL.into_iter().find(|group| service_word(*group) == word);
        let spec = request.get(1).dyn_into::<Uint8Array>().map(|bytes| bytes.to_vec());
        let message = match (group, spec) {
            (Some(group), Ok(spec)) => check(&spec, group).map_or_else(|why| refusal_message(&why), |r| r.to_message()),
            _ => refusal_message("The contract worker was asked something else."),
        };
        let _ = replies.post_message(&message.into_iter().map(wasm_bindgen::JsValue::from).collect::<Array>());
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Listening now: say so (a message posted while the `.wasm` loaded would have been lost).
    let _ = scope.post_message(&Array::new());
}

/// Natively there is no worker to be (the binary exists for the WebAssembly build).
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
