//! The keeper client: `createClient(options)`, its `DlmmClient` class (whose methods are written from the core's
//! operation rows, [`crate::methods`]), and `lexicalOrderMints`.

use std::rc::Rc;

use dlmm_query::ops::LexicalOrderMints;
use wasm_bindgen::prelude::*;

use crate::client::{Core, new_core};
use crate::js_error::input_error;
use crate::options::{ClientOptionsArg, arg, client_config, string_arg};

/// A client of both keeper APIs (pair and pool groups). Create it with `createClient`.
#[wasm_bindgen]
pub struct DlmmClient {
    pub(crate) inner: Rc<Core>,
}

/// `createClient(options?)`: a client for the given base URLs; throws a `DlmmError` (`invalidInput`) on bad options.
#[wasm_bindgen(js_name = createClient)]
pub fn create_client(options: Option<ClientOptionsArg>) -> Result<DlmmClient, JsValue> {
    let options = arg(options);
    Ok(DlmmClient { inner: new_core(client_config(&options)?, &options)? })
}

#[wasm_bindgen]
impl DlmmClient {
    /// The pair API base URL in use.
    #[wasm_bindgen(getter, js_name = pairBaseUrl)]
    pub fn pair_base_url(&self) -> String {
        self.inner.config().pair_base_url.to_string()
    }

    /// The pool API base URL in use.
    #[wasm_bindgen(getter, js_name = poolBaseUrl)]
    pub fn pool_base_url(&self) -> String {
        self.inner.config().pool_base_url.to_string()
    }
}

/// `lexicalOrderMints(a, b)`: the key of the pair group trading mints `a` and `b` (byte-wise sorted, joined by `-`).
#[wasm_bindgen(js_name = lexicalOrderMints)]
pub fn lexical_order_mints(
    #[wasm_bindgen(unchecked_param_type = "string")] a: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] b: JsValue,
) -> Result<String, JsValue> {
    let a = string_arg("lexical_order_mints", &a)?;
    let b = string_arg("lexical_order_mints", &b)?;
    LexicalOrderMints::from_mints(&a, &b).map(String::from).map_err(input_error)
}
