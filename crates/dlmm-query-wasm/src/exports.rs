//! [`exports!`]: each exported JavaScript method declared once, as one line of a table.
//!
//! A line is the method's doc (one string literal a line: doc comments would reach `#[wasm_bindgen]` as raw strings
//! it copies with their `r"` into the TypeScript declarations), then names the method (JS name, Rust name), its
//! positional arguments with their TypeScript types (`"string"` arguments are read as strings, `"number"` ones as
//! counts), its options object and TypeScript type, its resolved TypeScript type, and `runner(operation)`: the
//! operation the arguments and options build (invalid input rejects here, before any request) and the runner of
//! [`crate::call`] (or [`crate::iter`]) that sends it.
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
//! `async` lines become methods returning a promise of the output (`Promise<T>` in TypeScript), `iter` lines methods
//! returning a `DlmmPageIterator` at once. A method's own code is one plain function, its input's reading: `read`
//! turns the arguments and options into a [`crate::call::Job`] (a plain value) and `make` into the iterator's first
//! state. The method hands it to [`crate::call::start`] (or [`crate::iter::start`]), shared by every method, which
//! calls it and makes the promise (bad input rejects it) or the iterator (bad input throws), so no method carries a
//! copy of that code. The class must hold its core client in a field `inner`.

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
                    /// Reads the method's input into a plain value (bad input rejects the promise).
                    #[allow(unused_variables)]
                    fn read(
                        args: &[wasm_bindgen::JsValue],
                        $opts: &wasm_bindgen::JsValue,
                    ) -> Result<crate::call::Job, wasm_bindgen::JsValue> {
                        #[allow(unused_mut)]
                        let mut args = args.iter();
                        $(let $arg = exports!(@arg $ts, $arg, args.next());)*
                        Ok($runner($op))
                    }
                    crate::call::start(&self.inner, &[$($arg),*], crate::options::arg($opts), read)
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
                    /// Reads the method's input into the iterator's first state (bad input throws).
                    #[allow(unused_variables)]
                    fn make(
                        client: std::rc::Rc<crate::client::Core>,
                        args: &[wasm_bindgen::JsValue],
                        $iopts: &wasm_bindgen::JsValue,
                    ) -> Result<crate::iter::PageIterator, wasm_bindgen::JsValue> {
                        #[allow(unused_mut)]
                        let mut args = args.iter();
                        $(let $iarg = exports!(@arg $its, $iarg, args.next());)*
                        let operation = $iop;
                        $irunner(client, $iopts, operation)
                    }
                    crate::iter::start(&self.inner, &[$($iarg),*], crate::options::arg($iopts), make)
                }
            )*
        }
    };
    // A positional argument, `$value` the method's next one (`None` cannot happen: a method passes all of its own).
    (@arg "string", $arg:ident, $value:expr) => {
        crate::options::string_arg(stringify!($arg), $value.unwrap_or(&wasm_bindgen::JsValue::UNDEFINED))?
    };
    (@arg "number", $arg:ident, $value:expr) => {
        crate::options::count_arg(stringify!($arg), $value.unwrap_or(&wasm_bindgen::JsValue::UNDEFINED))?
    };
}

pub(crate) use exports;
