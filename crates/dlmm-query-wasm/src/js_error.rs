//! Errors as real JavaScript `Error` objects: `name` is `"DlmmError"`, with a `kind` and the details that apply.

use dlmm_query::{Error, ErrorKind, InvalidInput};
use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::js_object::{property, set};

#[wasm_bindgen(typescript_custom_section)]
const DLMM_ERROR_TS: &str = r#"
/** What kind of failure a `DlmmError` is. */
export type DlmmErrorKind =
  | "invalidInput" | "network" | "timeout" | "aborted" | "notFound" | "notServed" | "rateLimited" | "http" | "decode";

/** Every rejection of this package (except a cancelled call, which rejects with the signal's `AbortError`). */
export interface DlmmError extends Error {
  name: "DlmmError";
  /** What went wrong, for branching. */
  kind: DlmmErrorKind;
  /** The HTTP status, when a response arrived. */
  status?: number;
  /** The URL requested, when a request was made. */
  url?: string;
  /** How long the server asked to wait, in milliseconds (rate limits). */
  retryAfterMs?: number;
  /** The JSON path of the value that failed to decode, e.g. `pairs[12].reserve_x_amount`. */
  path?: string;
  /** For `decode`: what a reader expected at `path`, e.g. `a non-negative integer or a string of digits`. */
  expected?: string;
  /** For `decode`: what it found there, e.g. `the string "x"` or `the end of the body`. */
  found?: string;
  /** The rejected parameter, for `invalidInput`. */
  parameter?: string;
  /** True when the server's 500 was read as "not found or not indexed". */
  notIndexed?: boolean;
  /** The error object the pool API's envelope carried. */
  apiError?: { message: string; type: string };
}
"#;

/// Converts a core error into a `DlmmError` JavaScript object.
pub fn to_js_error(error: &Error) -> JsValue {
    let js = js_sys::Error::new(&error.to_string());
    js.set_name("DlmmError");
    let obj: &Object = js.as_ref();
    set(obj, "kind", error.kind().as_str());
    if let Some(status) = error.status() {
        set(obj, "status", status);
    }
    if let Some(url) = error.url() {
        set(obj, "url", url);
    }
    if let Some(wait) = error.retry_after() {
        set(obj, "retryAfterMs", wait.as_millis() as f64);
    }
    if let Some(path) = error.decode_path() {
        set(obj, "path", path);
    }
    match error {
        Error::InvalidInput(input) => set(obj, "parameter", input.parameter),
        Error::Decode(decode) => {
            if let (Some(expected), Some(found)) = (&decode.expected, &decode.found) {
                set(obj, "expected", &**expected);
                set(obj, "found", &**found);
            }
        }
        Error::Status(status) => {
            if status.kind == ErrorKind::NotFound {
                set(obj, "notIndexed", status.not_indexed);
            }
            if let Some(api) = &status.api_error {
                let detail = Object::new();
                set(&detail, "message", api.message.as_str());
                set(&detail, "type", api.error_type.as_str());
                set(obj, "apiError", detail);
            }
        }
        _ => {}
    }
    js.into()
}

/// A `DlmmError` as plain data that can be posted between threads (an `Error` loses its own fields on the way):
/// `{ message, fields }`, `fields` being its `kind`, `url`, `path` and the rest.
pub fn to_posted(error: &JsValue) -> JsValue {
    let posted = Object::new();
    set(&posted, "message", property(error, "message"));
    set(&posted, "fields", Object::<JsValue>::assign(&Object::new(), error.unchecked_ref()));
    posted.into()
}

/// The `DlmmError` that [`to_posted`] wrote as data.
pub fn from_posted(posted: &JsValue) -> JsValue {
    let js = js_sys::Error::new(&property(posted, "message").as_string().unwrap_or_default());
    js.set_name("DlmmError");
    Object::<JsValue>::assign(js.unchecked_ref(), property(posted, "fields").unchecked_ref());
    js.into()
}

/// The `invalidInput` `DlmmError` for a rejected argument.
pub fn input_error(error: InvalidInput) -> JsValue {
    to_js_error(&Error::InvalidInput(error))
}

/// The `invalidInput` `DlmmError` naming `parameter`, with `reason`.
pub fn invalid(parameter: &'static str, reason: impl Into<String>) -> JsValue {
    input_error(InvalidInput::new(parameter, reason))
}

/// The `invalidInput` `DlmmError` for a key the caller chose (an unknown option): like [`invalid`], for a name known
/// only at run time.
pub fn invalid_key(key: &str, reason: &str) -> JsValue {
    let error = invalid("options", reason);
    let message = Error::InvalidInput(InvalidInput::new("options", reason)).to_string().replacen("options", key, 1);
    let obj: &Object = error.unchecked_ref();
    set(obj, "message", message);
    set(obj, "parameter", key);
    error
}

/// `isDlmmError(value)`: true when `value` is an error thrown by this package.
#[wasm_bindgen(js_name = isDlmmError, unchecked_return_type = "value is DlmmError")]
pub fn is_dlmm_error(#[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue) -> bool {
    value.dyn_ref::<js_sys::Error>().is_some_and(|e| e.name() == "DlmmError")
        && Reflect::get(&value, &JsValue::from_str("kind")).is_ok_and(|k| k.is_string())
}
