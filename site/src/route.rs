//! The explorer's URL table as a plain function: which page a path shows and with which path parameters
//! ([`Route::of`]). The router has one route (`/*path`) whose view is [`Routed`]: one route type and one view type for
//! every page, which keeps the router's machinery (instantiated per route and per view type) out of the build's size.
//! The routes are `FlatRoutes`, the router without nested routes' machinery (11 KB gzip less than `Routes`); pages
//! read the query through [`query`].

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_params_map};
use leptos_router::params::ParamsMap;

/// A page of the explorer, with its path parameters (raw URL segments, as the router gives them).
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
    /// `/dlmm/wallets/:wallet`.
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
            ["wallets", w, p] => Route::Wallet { wallet: own(w), pair: own(p) },
            ["pools"] => Route::PoolLookup,
            ["pools", a] => Route::Pool { address: own(a) },
            ["search"] => Route::Search,
            ["settings"] => Route::Settings,
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
            (Route::DlmmWallet { wallet } | Route::Wallet { wallet, .. }, "wallet") => wallet,
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

/// The query of the page on screen, tracked. It is the router's (`use_location().query`), which follows every
/// navigation: the route's own URL (`use_query_map`) is not updated by `FlatRoutes` when a navigation keeps the route
/// (here, always) but changes the path.
pub fn query() -> Memo<ParamsMap> {
    use_location().query
}

/// The view of the router's one route: the page [`Route::of`] the matched path, rebuilt only when the page (not
/// only its parameters) changes.
#[component]
pub fn Routed() -> impl IntoView {
    let params = use_params_map();
    let route = Memo::new(move |_| Route::of(&params.read().get("path").unwrap_or_default()));
    provide_context(CurrentRoute(route));
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
        for path in ["//pairs", "/pairs//", "/pairs/x/y", "/Pairs", "/dlmm", "/wallets/w", "/nope", "/dlmm/pools/a/b"] {
            assert_eq!(Route::of(path), Route::NotFound, "{path}");
        }
        // Parameters are the raw segments (percent-escapes kept, as the router kept them).
        assert_eq!(Route::of("/pools/a%20b"), Route::Pool { address: owned("a%20b") });
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
