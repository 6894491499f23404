//! The explorer's URL table as a plain function: which page a path shows and with which path parameters
//! ([`Route::of`], [`Route::at`]). The router (`leptos_router`'s `Router`: history, links, navigation, the location)
//! shows [`Routed`], which reads the page from the location's path itself rather than through the router's route
//! matching (`Routes` or `FlatRoutes` with one `/*path` route), whose machinery was about 6 % of the explorer's
//! `.wasm` for one route. A page reads its path parameters with [`param`], its query with [`query`], and a list's
//! state kept in the query with [`url_state`].

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};
use leptos_router::location::{BrowserUrl, LocationProvider};
use leptos_router::params::ParamsMap;

use crate::url_state::UrlState;

/// A page of the explorer, with its path parameters (raw URL segments, as the location's path has them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// `/`: the datapi overview.
    Home,
    /// `/dlmm/pools`.
    DlmmPools,
    /// `/dlmm/pools/:address`.
    DlmmPool { address: String },
    /// `/dlmm/groups`.
    DlmmGroups,
    /// `/dlmm/groups/:mints`.
    DlmmGroup { mints: String },
    /// `/dlmm/wallets/:wallet`: the wallet page, as it was first linked.
    DlmmWallet { wallet: String },
    /// `/dlmm/positions/:address`.
    DlmmPosition { address: String },
    /// `/damm-v2/pools`.
    DammV2Pools,
    /// `/damm-v2/pools/:address`.
    DammV2Pool { address: String },
    /// `/keeper`: the keeper overview.
    KeeperHome,
    /// `/pairs`.
    Pairs,
    /// `/pairs/:address`.
    Pair { address: String },
    /// `/groups/:mints`.
    Group { mints: String },
    /// `/positions/:address`.
    Position { address: String },
    /// `/wallets/:wallet`: a wallet across protocols.
    WalletPnl { wallet: String },
    /// `/wallets/:wallet/:pair`.
    Wallet { wallet: String, pair: String },
    /// `/pools`: the pool lookup.
    PoolLookup,
    /// `/pools/:address`.
    Pool { address: String },
    /// `/search`.
    Search,
    /// `/settings`.
    Settings,
    /// Any other path.
    NotFound,
}

impl Route {
    /// The page `path` shows (the path after the router's base, with or without its leading `/`). As the router
    /// matches: segments compare exactly, a parameter is one non-empty segment, and one trailing `/` is allowed.
    pub fn of(path: &str) -> Route {
        let path = path.strip_prefix('/').unwrap_or(path);
        let path = path.strip_suffix('/').unwrap_or(path);
        if path.is_empty() {
            return Route::Home;
        }
        let segments: Vec<&str> = path.split('/').collect();
        if segments.iter().any(|s| s.is_empty()) {
            return Route::NotFound;
        }
        let own = |s: &str| s.to_owned();
        match segments.as_slice() {
            ["dlmm", "pools"] => Route::DlmmPools,
            ["dlmm", "pools", a] => Route::DlmmPool { address: own(a) },
            ["dlmm", "groups"] => Route::DlmmGroups,
            ["dlmm", "groups", m] => Route::DlmmGroup { mints: own(m) },
            ["dlmm", "wallets", w] => Route::DlmmWallet { wallet: own(w) },
            ["dlmm", "positions", a] => Route::DlmmPosition { address: own(a) },
            ["damm-v2", "pools"] => Route::DammV2Pools,
            ["damm-v2", "pools", a] => Route::DammV2Pool { address: own(a) },
            ["keeper"] => Route::KeeperHome,
            ["pairs"] => Route::Pairs,
            ["pairs", a] => Route::Pair { address: own(a) },
            ["groups", m] => Route::Group { mints: own(m) },
            ["positions", a] => Route::Position { address: own(a) },
            ["wallets", w] => Route::WalletPnl { wallet: own(w) },
            ["wallets", w, p] => Route::Wallet { wallet: own(w), pair: own(p) },
            ["pools"] => Route::PoolLookup,
            ["pools", a] => Route::Pool { address: own(a) },
            ["search"] => Route::Search,
            ["settings"] => Route::Settings,
            _ => Route::NotFound,
        }
    }

    /// The page the location's `pathname` shows under the router base `base` (`` at the root, `/sub/dir` under a
    /// sub-path, as [`crate::router_base`] gives it); a path outside the base is [`Route::NotFound`].
    pub fn at(pathname: &str, base: &str) -> Route {
        match pathname.strip_prefix(base) {
            Some(path) if path.is_empty() || path.starts_with('/') => Route::of(path),
            _ => Route::NotFound,
        }
    }

    /// The path parameter `name` (`address`, `mints`, `wallet`, `pair`), when this page has it.
    pub fn param(&self, name: &str) -> Option<&str> {
        let value = match (self, name) {
            (
                Route::DlmmPool { address }
                | Route::DlmmPosition { address }
                | Route::DammV2Pool { address }
                | Route::Pair { address }
                | Route::Position { address }
                | Route::Pool { address },
                "address",
            ) => address,
            (Route::DlmmGroup { mints } | Route::Group { mints }, "mints") => mints,
            (Route::DlmmWallet { wallet } | Route::WalletPnl { wallet } | Route::Wallet { wallet, .. }, "wallet") => {
                wallet
            }
            (Route::Wallet { pair, .. }, "pair") => pair,
            _ => return None,
        };
        Some(value)
    }

    /// The same page with other parameters compares equal: the page on screen stays (and reads its new parameters)
    /// while only they change, as with one router route per page.
    fn same_page(&self, other: &Route) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

/// The route on screen, for the pages' [`param`].
#[derive(Clone, Copy)]
struct CurrentRoute(Memo<Route>);

/// The path parameter `name` of the page on screen, tracked (empty when the page has none). While the page is being
/// replaced by another, it keeps its last value rather than going empty.
pub fn param(name: &'static str) -> Memo<String> {
    let route = use_context::<CurrentRoute>().map(|r| r.0);
    Memo::new(move |last: Option<&String>| {
        let value = route.and_then(|r| r.with(|route| route.param(name).map(str::to_owned)));
        value.or_else(|| last.cloned()).unwrap_or_default()
    })
}

/// The query of the page on screen, tracked (the location's).
pub fn query() -> Memo<ParamsMap> {
    use_location().query
}

/// The state the page on screen keeps in its URL query (tracked), and the way to another state: a navigation to
/// `path()` with the new state's query.
pub fn url_state<S>(path: impl Fn() -> String + Send + Sync + 'static) -> (Memo<S>, Callback<S>)
where
    S: UrlState + PartialEq + Send + Sync + 'static,
{
    let query = query();
    let state = Memo::new(move |_| {
        let q = query.read();
        S::from_query(|k| q.get(k))
    });
    let navigate = use_navigate();
    let go = Callback::new(move |s: S| navigate(&format!("{}{}", path(), s.to_query()), Default::default()));
    (state, go)
}

/// The page on screen: the page [`Route::at`] the location's path under the router base `base`, rebuilt only when
/// the page (not only its parameters) changes.
#[component]
pub fn Routed(base: String) -> impl IntoView {
    let location = use_location();
    let route = Memo::new(move |_| location.pathname.with(|path| Route::at(path, &base)));
    provide_context(CurrentRoute(route));
    // The router puts a navigation to another path in the address bar once the routes say the new page is on its
    // way, as the router's own routes do; an effect runs after the navigation that changed the path has begun.
    let browser = use_context::<BrowserUrl>();
    Effect::new(move || {
        location.pathname.track();
        if let Some(browser) = &browser {
            browser.ready_to_complete();
        }
    });
    let page = Memo::new_with_compare(
        move |_| route.get(),
        |a: Option<&Route>, b: Option<&Route>| match (a, b) {
            (Some(a), Some(b)) => !a.same_page(b),
            _ => true,
        },
    );
    move || crate::page_view(&page.get())
}

#[cfg(test)]
mod tests {
    use super::Route;

    fn owned(s: &str) -> String {
        s.to_owned()
    }

    #[test]
    fn every_page_is_found_by_its_path() {
        let a = "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6";
        let cases = [
            ("/", Route::Home),
            ("", Route::Home),
            ("/dlmm/pools", Route::DlmmPools),
            ("/dlmm/pools/x", Route::DlmmPool { address: owned("x") }),
            ("/dlmm/groups", Route::DlmmGroups),
            ("/dlmm/groups/A-B", Route::DlmmGroup { mints: owned("A-B") }),
            ("/dlmm/wallets/w", Route::DlmmWallet { wallet: owned("w") }),
            ("/dlmm/positions/p", Route::DlmmPosition { address: owned("p") }),
            ("/damm-v2/pools", Route::DammV2Pools),
            ("/damm-v2/pools/d", Route::DammV2Pool { address: owned("d") }),
            ("/keeper", Route::KeeperHome),
            ("/pairs", Route::Pairs),
            (&format!("/pairs/{a}"), Route::Pair { address: owned(a) }),
            ("/groups/m", Route::Group { mints: owned("m") }),
            ("/positions/p", Route::Position { address: owned("p") }),
            ("/wallets/w", Route::WalletPnl { wallet: owned("w") }),
            ("/wallets/w/p", Route::Wallet { wallet: owned("w"), pair: owned("p") }),
            ("/pools", Route::PoolLookup),
            ("/pools/q", Route::Pool { address: owned("q") }),
            ("/search", Route::Search),
            ("/settings", Route::Settings),
            ("pairs", Route::Pairs),
        ];
        for (path, route) in cases {
            assert_eq!(Route::of(path), route, "{path}");
        }
    }

    #[test]
    fn paths_match_as_the_router_matched_them() {
        // One trailing slash is allowed; an empty segment, an extra segment or another case is not a page.
        assert_eq!(Route::of("/pairs/"), Route::Pairs);
        assert_eq!(Route::of("/pairs/x/"), Route::Pair { address: owned("x") });
        for path in ["//pairs", "/pairs//", "/pairs/x/y", "/Pairs", "/dlmm", "/wallets", "/nope", "/dlmm/pools/a/b"] {
            assert_eq!(Route::of(path), Route::NotFound, "{path}");
        }
        // Parameters are the raw segments (percent-escapes kept, as the router kept them).
        assert_eq!(Route::of("/pools/a%20b"), Route::Pool { address: owned("a%20b") });
    }

    #[test]
    fn a_location_is_read_under_the_router_base() {
        assert_eq!(Route::at("/pairs", ""), Route::Pairs);
        assert_eq!(Route::at("/", ""), Route::Home);
        assert_eq!(Route::at("/sub/dir/pairs/x", "/sub/dir"), Route::Pair { address: owned("x") });
        assert_eq!(Route::at("/sub/dir", "/sub/dir"), Route::Home);
        assert_eq!(Route::at("/sub/dir/", "/sub/dir"), Route::Home);
        // Outside the base, or a longer name that begins with it: no page.
        for path in ["/pairs", "/sub/pairs", "/sub/dirx/pairs", "/"] {
            assert_eq!(Route::at(path, "/sub/dir"), Route::NotFound, "{path}");
        }
    }

    #[test]
    fn parameters_are_named_as_the_pages_read_them() {
        let wallet = Route::of("/wallets/w/p");
        assert_eq!(
            (wallet.param("wallet"), wallet.param("pair"), wallet.param("address")),
            (Some("w"), Some("p"), None)
        );
        assert_eq!(Route::of("/dlmm/groups/m").param("mints"), Some("m"));
        assert_eq!(Route::of("/dlmm/positions/p").param("address"), Some("p"));
        assert_eq!(Route::Home.param("address"), None);
    }

    #[test]
    fn a_page_with_other_parameters_is_the_same_page() {
        assert!(Route::of("/pairs/a").same_page(&Route::of("/pairs/b")));
        assert!(!Route::of("/pairs/a").same_page(&Route::of("/pools/a")));
        assert!(!Route::of("/dlmm/pools").same_page(&Route::of("/dlmm/pools/a")));
    }
}
