//! The datapi client: `createDatapiClient(options)` and its `DatapiClient` with the namespaces `dlmm` (`DlmmDatapi`),
//! `dammV2` (`DammV2Datapi`) and `portfolio` (`PortfolioDatapi`, the portfolio service), whose methods are written
//! from the core's operation rows ([`crate::methods`]).
//!
//! Outputs are the core's datapi models written to JavaScript: camelCase fields, token amounts as exact decimal text
//! (`string`), USD, SOL, percent and price values as numbers, the vendor's window keys (`"30m"` … `"24h"`) kept, and
//! an integer above 2^53 rejecting as a `decode` `DlmmError` naming its path instead of being rounded.

use std::rc::Rc;

use wasm_bindgen::prelude::*;

use crate::client::{Core, new_core};
use crate::options::datapi::DatapiClientOptionsArg;
use crate::options::{arg, datapi_client_config};

/// A client of the live datapi services. Create it with `createDatapiClient`; its routes are on `dlmm`, `dammV2` and
/// `portfolio`.
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

    /// The portfolio service's routes.
    #[wasm_bindgen(getter)]
    pub fn portfolio(&self) -> PortfolioDatapi {
        PortfolioDatapi { inner: self.inner.clone() }
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

    /// The portfolio service's base URL in use.
    #[wasm_bindgen(getter, js_name = portfolioBaseUrl)]
    pub fn portfolio_base_url(&self) -> String {
        self.inner.config().portfolio_datapi_base_url.to_string()
    }
}

/// The DLMM datapi's routes (`datapiClient.dlmm`), sharing the client's limits and options.
#[wasm_bindgen]
pub struct DlmmDatapi {
    pub(crate) inner: Rc<Core>,
}

/// The DAMM v2 datapi's routes (`datapiClient.dammV2`), sharing the client's limits and options.
#[wasm_bindgen]
pub struct DammV2Datapi {
    pub(crate) inner: Rc<Core>,
}

/// The portfolio service's routes (`datapiClient.portfolio`), taking turns of the DLMM datapi's budget.
#[wasm_bindgen]
pub struct PortfolioDatapi {
    pub(crate) inner: Rc<Core>,
}
