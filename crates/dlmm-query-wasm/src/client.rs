//! The core client as the JS API holds it: [`Core`], made by [`new_core`] from the options of `createClient` or
//! `createDatapiClient`.

use std::rc::Rc;

use dlmm_query::web::WebTransport;
use dlmm_query::{Client, ClientConfig};
use js_sys::{Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use crate::options::{is_absent, max_body_bytes};

/// The core client over `fetch`, and a copy of the options it was created from (what the worker running `all()`
/// builds its own client from; `None` when they could not be copied).
pub struct Core {
    client: Client<WebTransport>,
    options: Option<JsValue>,
}

impl Core {
    /// The options this client was created from, copied at creation (`undefined` for none).
    pub fn options(&self) -> Option<&JsValue> {
        self.options.as_ref()
    }
}

impl std::ops::Deref for Core {
    type Target = Client<WebTransport>;

    fn deref(&self) -> &Self::Target {
        &self.client
    }
}

/// A core client with `config` over `fetch`, refusing bodies over `options.maxBodyBytes` when set.
pub fn new_core(config: ClientConfig, options: &JsValue) -> Result<Rc<Core>, JsValue> {
    let mut transport = WebTransport::default();
    if let Some(bytes) = max_body_bytes(options)? {
        transport = transport.with_max_body_bytes(bytes);
    }
    Ok(Rc::new(Core { client: Client::new(transport, config), options: snapshot(options) }))
}

/// A copy of a client's options (`structuredClone`), so that later changes to the caller's object do not reach the
/// worker; `undefined` for no options, `None` when they cannot be copied.
fn snapshot(options: &JsValue) -> Option<JsValue> {
    if is_absent(options) {
        return Some(JsValue::UNDEFINED);
    }
    let clone: Function =
        Reflect::get(&js_sys::global(), &JsValue::from_str("structuredClone")).ok()?.dyn_into().ok()?;
    clone.call1(&JsValue::NULL, options).ok()
}
