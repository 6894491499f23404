//! Every operation's JavaScript method, written from its row of the core's [`dlmm_query::operations!`]: a method of
//! its class (`DlmmClient`, `DlmmDatapi`, `DammV2Datapi`, `PortfolioDatapi`) and its line of that class's TypeScript declaration, the
//! result type written from the builder's output type ([`TsType`]), never by hand.
//!
//! A method's own code is its input's reading: the positional arguments (strings, or whole numbers for a `count`)
//! into the row's builder, then the options object by the row's kind of options ([`options_kind!`]) onto it. Bad
//! input rejects the promise (or throws, for an iterator) before any request; [`call::start`] and [`iter::start`] do
//! the rest, shared by every method. The datapi's errors name a rejected parameter by the query key the caller wrote
//! (`pageSize`, not the API's `page_size`); the keeper's keep the API's names, as they always have.

use std::rc::Rc;

use dlmm_query::compose::PagedList;
use dlmm_query::datapi::series::SeriesOperation;
use dlmm_query::datapi::walk::DatapiPaged;
use dlmm_query::ops::Operation;
use dlmm_query::ts_type::{TS_NAME_BYTES, TsText, TsType};
use wasm_bindgen::prelude::*;

use crate::call::{self, Job};
use crate::client::Core;
use crate::datapi::{DammV2Datapi, DlmmDatapi, PortfolioDatapi};
use crate::iter::{self, PageIterator};
use crate::keeper::DlmmClient;
use crate::options::datapi::{js_parameter_names, options_kind};
use crate::options::{MethodOptionsArg, arg, count_arg, string_arg};

/// The TypeScript declarations of the classes' methods are at most this long, in bytes.
#[allow(dead_code, reason = "read by the custom section wasm-bindgen writes, which the lint does not see")]
const DECLARATION_BYTES: usize = 24 * 1024;

/// A datapi call, its errors naming parameters as the caller wrote them.
fn datapi(job: Job) -> Job {
    job.renamed(js_parameter_names)
}

/// A datapi series' call.
fn series<O: SeriesOperation>(operation: O) -> Job {
    datapi(call::series(operation.route()))
}

/// A datapi list's iterator.
fn datapi_pages<O: DatapiPaged + 'static>(
    client: Rc<Core>,
    options: &JsValue,
    operation: O,
) -> Result<PageIterator, JsValue> {
    iter::datapi_pages(client, options, operation).map_err(js_parameter_names)
}

/// A row's doc, for its Rust method and its TypeScript declaration: `` `GET /path`: `` and the row's doc, or a
/// `pages` or `pnl` row's doc as it is.
macro_rules! doc {
    (pages $path:literal [$($doc:literal)+]) => { concat!($($doc),+) };
    (pnl $path:literal [$($doc:literal)+]) => { concat!($($doc),+) };
    ($runner:ident $path:literal [$($doc:literal)+]) => { concat!("`GET ", $path, "`: ", $($doc),+) };
}

/// One method of a class, from one operation row (see [`classes!`]), in an `impl` block of its own. `pages` rows
/// return a `DlmmPageIterator` at once, the others a promise of the output.
macro_rules! method {
    ($service:ident $class:ident [$($doc:literal)+] $js:ident $path:literal
        $op:ident($($arg:ident $(: $kind:ident)?),*; $opts:ident) pages) => {
        #[wasm_bindgen(js_class = $class)]
        impl $class {
            #[doc = doc!(pages $path [$($doc)+])]
            #[allow(non_snake_case)]
            #[wasm_bindgen(js_name = $js, skip_typescript)]
            pub fn $js(&self, $($arg: JsValue,)* options: Option<MethodOptionsArg>) -> Result<PageIterator, JsValue> {
                /// Reads the method's input into the iterator's first state.
                fn make(client: Rc<Core>, args: &[JsValue], options: &JsValue) -> Result<PageIterator, JsValue> {
                    let operation = method!(@operation $service $op($($arg $(: $kind)?),*) args);
                    let operation = options_kind!(reader $opts)(options, operation)?;
                    method!(@pages $service client, options, operation)
                }
                iter::start(&self.inner, &[$($arg),*], arg(options), make)
            }
        }
    };
    ($service:ident $class:ident [$($doc:literal)+] $js:ident $path:literal
        $op:ident($($arg:ident $(: $kind:ident)?),*; $opts:ident) $runner:ident) => {
        #[wasm_bindgen(js_class = $class)]
        impl $class {
            #[doc = doc!($runner $path [$($doc)+])]
            #[allow(non_snake_case)]
            #[wasm_bindgen(js_name = $js, skip_typescript)]
            pub fn $js(&self, $($arg: JsValue,)* options: Option<MethodOptionsArg>) -> js_sys::Promise {
                /// Reads the method's input into a plain value.
                fn read(args: &[JsValue], options: &JsValue) -> Result<Job, JsValue> {
                    let operation = method!(@operation $service $op($($arg $(: $kind)?),*) args);
                    Ok(method!(@run $service $runner options_kind!(reader $opts)(options, operation)?))
                }
                call::start(&self.inner, &[$($arg),*], arg(options), read)
            }
        }
    };
    // The row's builder made from the method's positional arguments `$args`.
    (@operation $service:ident $op:ident($($arg:ident $(: $kind:ident)?),*) $args:ident) => {{
        #[allow(unused_mut, unused_variables)]
        let mut args = $args.iter();
        dlmm_query::operations::builders::$service::$op::new(
            $(method!(@arg $arg $($kind)?, args.next().unwrap_or(&JsValue::UNDEFINED))),*
        )
    }};
    (@arg $arg:ident, $value:expr) => { string_arg(stringify!($arg), $value)? };
    (@arg $arg:ident count, $value:expr) => { count_arg(stringify!($arg), $value)? };
    (@run keeper one $input:expr) => { call::send($input) };
    (@run keeper all $input:expr) => { call::all_pairs($input) };
    (@run keeper pnl $input:expr) => { call::position_pnl($input) };
    (@run $datapi:ident one $input:expr) => { datapi(call::send($input)) };
    (@run $datapi:ident series $input:expr) => { series($input) };
    (@run $datapi:ident months $input:expr) => { datapi(call::calendar($input)) };
    (@pages keeper $($input:expr),+) => { iter::keeper_pages($($input),+) };
    (@pages $datapi:ident $($input:expr),+) => { datapi_pages($($input),+) };
}

/// A row's line of its class's TypeScript declaration, pushed onto the `TsText` `$text`: its doc, its parameters
/// and its result, the result written from the builder's output (a page's item for `pages`, the P&L for `pnl`).
macro_rules! declaration {
    ($text:expr, $service:ident [$($doc:literal)+] $js:ident $path:literal
        $op:ident($($arg:ident $(: $kind:ident)?),*; $opts:ident) $runner:ident) => {
        $text
            .push(concat!("  /** ", doc!($runner $path [$($doc)+]), " */\n  ", stringify!($js), "("))
            $(.push(concat!(stringify!($arg), ": ", declaration!(@param $($kind)?), ", ")))*
            .push("options?: ")
            .push(options_kind!(options $opts).name)
            .push(" | null): ")
            .push(declaration!(@result $service $runner dlmm_query::operations::builders::$service::$op).as_str())
            .push(";\n")
    };
    (@param) => { "string" };
    (@param count) => { "number" };
    (@result keeper pages $op:ty) => { declaration!(@wrap "DlmmAsyncIterator<" <$op as PagedList>::Item) };
    (@result $datapi:ident pages $op:ty) => { declaration!(@wrap "DlmmAsyncIterator<" <$op as DatapiPaged>::Item) };
    (@result keeper pnl $op:ty) => { declaration!(@wrap "Promise<" dlmm_query::PositionPnl) };
    (@result $service:ident $runner:ident $op:ty) => { declaration!(@wrap "Promise<" <$op as Operation>::Output) };
    (@wrap $open:literal $ty:ty) => {
        TsText::<{ TS_NAME_BYTES + 32 }>::EMPTY.push($open).push(<$ty as TsType>::TS.as_str()).push(">")
    };
}

/// Writes each class's methods from the operation rows: a method per row ([`method!`]) and one TypeScript
/// `interface` of the class's methods ([`declaration!`]), which TypeScript merges with the class wasm-bindgen
/// declares.
macro_rules! classes {
    ($krate:tt; $($service:ident $class:ident {
        $($($doc:literal)+ $js:ident $path:literal
            => $op:ident($($arg:ident $(: $kind:ident)?),*; $opts:ident) $runner:ident;)*
    })*) => {
        $($(
            method!($service $class [$($doc)+] $js $path $op($($arg $(: $kind)?),*; $opts) $runner);
        )*)*

        /// The classes' methods in TypeScript, written from the rows.
        #[allow(dead_code, reason = "read by the custom section wasm-bindgen writes, which the lint does not see")]
        const DECLARATIONS: TsText<DECLARATION_BYTES> = TsText::EMPTY
            $(
                .push(concat!("\nexport interface ", stringify!($class), " {\n"))
                $(.push(declaration!(
                    TsText::<1024>::EMPTY, $service [$($doc)+] $js $path $op($($arg $(: $kind)?),*; $opts) $runner
                ).as_str()))*
                .push("}\n")
            )*;
    };
}

dlmm_query::operations!(classes);

#[wasm_bindgen(typescript_custom_section)]
const METHODS: &str = DECLARATIONS.as_str();
