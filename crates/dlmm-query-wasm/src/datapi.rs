//! The datapi client: `createDatapiClient(options)` and its `DatapiClient` with the namespaces `dlmm` (`DlmmDatapi`)
//! and `dammV2` (`DammV2Datapi`), whose methods are written from the core's operation rows
//! ([`dlmm_query::datapi_operations!`]): each row becomes a method and its line of the class's TypeScript
//! declaration, the result type written from the builder's output type ([`TsType`]).
//!
//! Outputs are the core's datapi models written to JavaScript: camelCase fields, token amounts as exact decimal text
//! (`string`), USD, SOL, percent and price values as numbers, the vendor's window keys (`"30m"` … `"24h"`) kept, and
//! an integer above 2^53 rejecting as a `decode` `DlmmError` naming its path instead of being rounded.

use std::rc::Rc;

use dlmm_query::ts_type::{TsText, TsType};
use wasm_bindgen::prelude::*;

use crate::call::{self, Job};
use crate::client::{Core, new_core};
use crate::iter::{self, PageIterator};
use crate::options::datapi::{DatapiClientOptionsArg, DatapiOptionsArg, js_parameter_names, options_kind};
use crate::options::{arg, datapi_client_config, string_arg};

/// A client of the live datapi services. Create it with `createDatapiClient`; its routes are on `dlmm` and `dammV2`.
#[wasm_bindgen(js_name = DatapiClient)]
pub struct JsDatapiClient {
    inner: Rc<Core>,
}

/// `createDatapiClient(options?)`: a client of both datapi services; throws a `DlmmError` (`invalidInput`) on bad
/// options (an unknown key included).
#[wasm_bindgen(js_name = createDatapiClient)]
pub fn create_datapi_client(options: Option<DatapiClientOptionsArg>) -> Result<JsDatapiClient, JsValue> {
    let options = arg(options);
    Ok(JsDatapiClient { inner: new_core(datapi_client_config(&options)?, &options)? })
}

#[wasm_bindgen(js_class = DatapiClient)]
impl JsDatapiClient {
    /// The DLMM datapi's routes.
    #[wasm_bindgen(getter)]
    pub fn dlmm(&self) -> DlmmDatapi {
        DlmmDatapi { inner: self.inner.clone() }
    }

    /// The DAMM v2 datapi's routes.
    #[wasm_bindgen(getter, js_name = dammV2)]
    pub fn damm_v2(&self) -> DammV2Datapi {
        DammV2Datapi { inner: self.inner.clone() }
    }

    /// The DLMM datapi base URL in use.
    #[wasm_bindgen(getter, js_name = dlmmBaseUrl)]
    pub fn dlmm_base_url(&self) -> String {
        self.inner.config().dlmm_datapi_base_url.to_string()
    }

    /// The DAMM v2 datapi base URL in use.
    #[wasm_bindgen(getter, js_name = dammV2BaseUrl)]
    pub fn damm_v2_base_url(&self) -> String {
        self.inner.config().damm_v2_datapi_base_url.to_string()
    }
}

/// The DLMM datapi's routes (`datapiClient.dlmm`), sharing the client's limits and options.
#[wasm_bindgen]
pub struct DlmmDatapi {
    inner: Rc<Core>,
}

/// The DAMM v2 datapi's routes (`datapiClient.dammV2`), sharing the client's limits and options.
#[wasm_bindgen]
pub struct DammV2Datapi {
    inner: Rc<Core>,
}

// The datapi's runners: [`call`]'s and [`iter`]'s, with a rejected parameter named by its query key (`pageSize`) as
// the caller wrote it, not as the API spells it (`page_size`).

fn send<O: dlmm_query::ops::Operation>(operation: O) -> Job {
    call::send(operation).renamed(js_parameter_names)
}

fn send_series<O: dlmm_query::datapi::series::SeriesOperation>(operation: O) -> Job {
    call::series(operation.route()).renamed(js_parameter_names)
}

fn datapi_pages<O>(client: Rc<Core>, options: &JsValue, operation: O) -> Result<PageIterator, JsValue>
where
    O: dlmm_query::datapi::walk::DatapiPaged + 'static,
{
    iter::datapi_pages(client, options, operation).map_err(js_parameter_names)
}

/// The TypeScript declarations of the namespaces are at most this long, in bytes.
#[allow(dead_code, reason = "read by the custom section wasm-bindgen writes, which the lint does not see")]
const DECLARATION_BYTES: usize = 16 * 1024;

/// A row's doc, for its Rust method and its TypeScript declaration: `` `GET /path`: `` and the row's doc, or a
/// `pages` row's doc as it is.
macro_rules! doc {
    (pages $path:literal [$($doc:literal)+]) => { concat!($($doc),+) };
    ($runner:ident $path:literal [$($doc:literal)+]) => { concat!("`GET ", $path, "`: ", $($doc),+) };
}

/// One method of a namespace class, from one operation row (see [`namespaces!`]), in an `impl` block of its own.
/// `one` and `series` rows return a promise of the output, `pages` rows a `DlmmPageIterator` at once. The method's
/// own code is its input's reading (bad input rejects the promise, or throws for an iterator); [`call::start`] and
/// [`iter::start`] do the rest, shared by every method.
macro_rules! method {
    ($krate:tt $service:ident $class:ident [$($doc:literal)+] $js:ident $path:literal
        $op:ident($($arg:ident),*; $opts:ident) pages) => {
        #[wasm_bindgen(js_class = $class)]
        impl $class {
            #[doc = doc!(pages $path [$($doc)+])]
            #[allow(non_snake_case)]
            #[wasm_bindgen(js_name = $js, skip_typescript)]
            pub fn $js(&self, $($arg: JsValue,)* options: Option<DatapiOptionsArg>) -> Result<PageIterator, JsValue> {
                /// Reads the method's input into the iterator's first state.
                fn make(client: Rc<Core>, args: &[JsValue], options: &JsValue) -> Result<PageIterator, JsValue> {
                    let operation = method!(@operation $krate $service $op($($arg),*) args);
                    datapi_pages(client, options, options_kind!(reader $opts)(options, operation)?)
                }
                iter::start(&self.inner, &[$($arg),*], arg(options), make)
            }
        }
    };
    ($krate:tt $service:ident $class:ident [$($doc:literal)+] $js:ident $path:literal
        $op:ident($($arg:ident),*; $opts:ident) $runner:ident) => {
        #[wasm_bindgen(js_class = $class)]
        impl $class {
            #[doc = doc!($runner $path [$($doc)+])]
            #[allow(non_snake_case)]
            #[wasm_bindgen(js_name = $js, skip_typescript)]
            pub fn $js(&self, $($arg: JsValue,)* options: Option<DatapiOptionsArg>) -> js_sys::Promise {
                /// Reads the method's input into a plain value.
                fn read(args: &[JsValue], options: &JsValue) -> Result<Job, JsValue> {
                    let operation = method!(@operation $krate $service $op($($arg),*) args);
                    Ok(method!(@run $runner options_kind!(reader $opts)(options, operation)?))
                }
                call::start(&self.inner, &[$($arg),*], arg(options), read)
            }
        }
    };
    // The row's builder made from the method's positional arguments `$args` (all strings).
    (@operation $krate:tt $service:ident $op:ident($($arg:ident),*) $args:ident) => {{
        #[allow(unused_mut, unused_variables)]
        let mut args = $args.iter();
        $krate::datapi::ops::$service::$op::new(
            $(string_arg(stringify!($arg), args.next().unwrap_or(&JsValue::UNDEFINED))?),*
        )
    }};
    (@run one $operation:expr) => { send($operation) };
    (@run series $operation:expr) => { send_series($operation) };
}

/// A row's line of its class's TypeScript declaration, pushed onto the `TsText` `$text`: its doc, its parameters
/// and its result, the result written from the builder's output (`one`, `series`) or item (`pages`) type.
macro_rules! declaration {
    ($text:expr, $krate:tt $service:ident [$($doc:literal)+] $js:ident $path:literal
        $op:ident($($arg:ident),*; $opts:ident) $runner:ident) => {
        $text
            .push(concat!("  /** ", doc!($runner $path [$($doc)+]), " */\n  ", stringify!($js), "("))
            $(.push(concat!(stringify!($arg), ": string, ")))*
            .push(concat!("options?: ", options_kind!(ts $opts), " | null): "))
            .push(declaration!(@result $runner $krate::datapi::ops::$service::$op).as_str())
            .push(";\n")
    };
    (@result pages $op:ty) => {
        TsText::<{ dlmm_query::ts_type::TS_NAME_BYTES + 32 }>::EMPTY
            .push("DlmmAsyncIterator<")
            .push(<<$op as dlmm_query::datapi::walk::DatapiPaged>::Item as TsType>::TS.as_str())
            .push(">")
    };
    (@result $runner:ident $op:ty) => {
        TsText::<{ dlmm_query::ts_type::TS_NAME_BYTES + 32 }>::EMPTY
            .push("Promise<")
            .push(<<$op as dlmm_query::ops::Operation>::Output as TsType>::TS.as_str())
            .push(">")
    };
}

/// Writes each service's class from the operation rows: a method per row ([`method!`]) and one TypeScript
/// `interface` of the class's methods ([`declaration!`]), which TypeScript merges with the class wasm-bindgen
/// declares.
macro_rules! namespaces {
    ($krate:tt; $($service:ident $class:ident {
        $($($doc:literal)+ $js:ident $path:literal => $op:ident($($arg:ident),*; $opts:ident) $runner:ident;)*
    })*) => {
        $($(
            method!($krate $service $class [$($doc)+] $js $path $op($($arg),*; $opts) $runner);
        )*)*

        /// The namespaces' methods in TypeScript, written from the rows.
        #[allow(dead_code, reason = "read by the custom section wasm-bindgen writes, which the lint does not see")]
        const DECLARATIONS: TsText<DECLARATION_BYTES> = TsText::EMPTY
            $(
                .push(concat!("\nexport interface ", stringify!($class), " {\n"))
                $(.push(declaration!(
                    TsText::<1024>::EMPTY, $krate $service [$($doc)+] $js $path $op($($arg),*; $opts) $runner
                ).as_str()))*
                .push("}\n")
            )*;
    };
}

dlmm_query::datapi_operations!(namespaces);

#[wasm_bindgen(typescript_custom_section)]
const NAMESPACE_METHODS: &str = DECLARATIONS.as_str();
