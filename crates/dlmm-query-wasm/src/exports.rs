//! [`exports!`]: each exported JavaScript method declared once, as one line of a table.
//!
//! A line is the method's doc (one string literal a line: doc comments would reach `#[wasm_bindgen]` as raw strings
//! it copies with their `r"` into the TypeScript declarations), then names the method (JS name, Rust name), its positional arguments with their TypeScript types (`"string"`
//! arguments are read as strings, `"number"` ones as counts), its options object and TypeScript type, its resolved
//! TypeScript type, and `runner(operation)`: the operation the arguments and options build (invalid input rejects
//! here, before any request) and the runner of [`crate::call`] (or [`crate::iter`]) that sends it.
//!
//! ```text
//! exports! {
//!     JsClient as DlmmClient;
//!     async {
//!         "`GET /pair/{pairAddress}`: one pair."
//!         getPair get_pair(pair_address: "string"; options: CallOptionsArg) -> "PairInfo"
//!             => send_pairs(GetPair::new(pair_address));
//!     }
//!     iter {}
//! }
//! ```
//!
//! `async` lines become methods returning a promise of the output (`Promise<T>` in TypeScript): each reads its
//! arguments and options into a [`crate::call::Job`] (a plain value) and hands it to [`crate::call::launch`], which
//! makes the promise (bad input rejects it). `iter` lines become
//! methods returning a `DlmmPageIterator` at once. The class must hold its core client in a field `inner`.

/// Declares the exported methods of a `#[wasm_bindgen]` class, one line each (see the module docs).
macro_rules! exports {
    (
        $class:ident as $js_class:ident;
        async {$(
            $($doc:literal)+
            $js:ident $name:ident($($arg:ident: $ts:tt),*; $opts:ident: $opts_ty:ident) -> $ret:tt
                => $runner:ident($op:expr);
        )*}
        iter {$(
            $($idoc:literal)+
            $ijs:ident $iname:ident($($iarg:ident: $its:tt),*; $iopts:ident: $iopts_ty:ident) -> $iret:tt
                => $irunner:ident($iop:expr);
        )*}
    ) => {
        #[wasm_bindgen::prelude::wasm_bindgen(js_class = $js_class)]
        impl $class {
            $(
                $(#[doc = $doc])+
                #[wasm_bindgen(js_name = $js, unchecked_return_type = $ret)]
                pub fn $name(
                    &self,
                    $(#[wasm_bindgen(unchecked_param_type = $ts)] $arg: wasm_bindgen::JsValue,)*
                    $opts: Option<$opts_ty>,
                ) -> js_sys::Promise {
                    // The input is read now, into a plain value; bad input rejects the promise, as from an `async`
                    // method. Every method's promise comes from the one `launch`.
                    let $opts = crate::options::arg($opts);
                    // A closure called at once: a block whose `?` ends the reading, not the method.
                    #[allow(clippy::redundant_closure_call)]
                    let job = (|| -> Result<crate::call::Job, wasm_bindgen::JsValue> {
                        $(let $arg = exports!(@arg $ts, $arg);)*
                        Ok($runner($op))
                    })();
                    crate::call::launch(self.inner.clone(), $opts, job)
                }
            )*
            $(
                $(#[doc = $idoc])+
                #[wasm_bindgen(js_name = $ijs, unchecked_return_type = $iret)]
                pub fn $iname(
                    &self,
                    $(#[wasm_bindgen(unchecked_param_type = $its)] $iarg: wasm_bindgen::JsValue,)*
                    $iopts: Option<$iopts_ty>,
                ) -> Result<crate::iter::PageIterator, wasm_bindgen::JsValue> {
                    $(let $iarg = exports!(@arg $its, $iarg);)*
                    let $iopts = crate::options::arg($iopts);
                    let operation = $iop;
                    $irunner(self.inner.clone(), &$iopts, operation)
                }
            )*
        }
    };
    (@arg "string", $arg:ident) => {
        crate::options::string_arg(stringify!($arg), &$arg)?
    };
    (@arg "number", $arg:ident) => {
        crate::options::count_arg(stringify!($arg), &$arg)?
    };
}

pub(crate) use exports;
