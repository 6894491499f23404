//! The point of a chart a pointer or a key selects: arrows step, Home and End jump, Escape lets go
//! ([`step_key`], unit-tested natively), and the point under the pointer ([`select_on_move`]).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::scale::nearest_index;

/// The point a key moves to from `current` among `n` (arrows step, Home and End jump, Escape lets go: `Some(None)`;
/// `None` for other keys and for no points).
pub fn step_key(key: &str, current: Option<usize>, n: usize) -> Option<Option<usize>> {
    if n == 0 {
        return None;
    }
    match key {
        "ArrowRight" => Some(Some(current.map_or(0, |i| (i + 1).min(n - 1)))),
        "ArrowLeft" => Some(Some(current.map_or(n - 1, |i| i.saturating_sub(1)))),
        "Home" => Some(Some(0)),
        "End" => Some(Some(n - 1)),
        "Escape" => Some(None),
        _ => None,
    }
}

/// Moves `selected` among `n` points by the key of `ev` (the key's default action is then prevented).
pub fn select_on_key(ev: &leptos::ev::KeyboardEvent, selected: RwSignal<Option<usize>>, n: usize) {
    if let Some(next) = step_key(&ev.key(), selected.get_untracked(), n) {
        ev.prevent_default();
        selected.set(next);
    }
}

/// Selects the point of `n` (across `[x0, x1]` of a chart `width` SVG units wide) under the pointer of `ev`.
pub fn select_on_move(
    ev: &leptos::ev::MouseEvent,
    selected: RwSignal<Option<usize>>,
    width: f64,
    n: usize,
    (x0, x1): (f64, f64),
) {
    let Some(target) = ev.current_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
    let rect = target.get_bounding_client_rect();
    if rect.width() > 0.0 {
        let sx = (f64::from(ev.client_x()) - rect.left()) * width / rect.width();
        selected.set(nearest_index(sx, n, x0, x1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_step_jump_and_let_go() {
        assert_eq!(step_key("ArrowRight", None, 3), Some(Some(0)));
        assert_eq!(step_key("ArrowRight", Some(2), 3), Some(Some(2)));
        assert_eq!(step_key("ArrowLeft", None, 3), Some(Some(2)));
        assert_eq!(step_key("ArrowLeft", Some(0), 3), Some(Some(0)));
        assert_eq!(step_key("End", Some(0), 3), Some(Some(2)));
        assert_eq!(step_key("Escape", Some(1), 3), Some(None));
        assert_eq!(step_key("a", Some(1), 3), None);
        assert_eq!(step_key("Home", None, 0), None);
    }
}
