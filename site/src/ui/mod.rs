//! The view pieces the pages and the charts share: lists of erased views ([`CollectAny`]), the states of a load
//! ([`Loading`], [`Empty`], [`NotFoundPanel`], [`NotAnAddress`], [`ErrorPanel`]) and [`Loaded`], which waits for a
//! page's resource and shows one of them or the loaded value's view.

mod collect;
mod loaded;
mod states;

pub use collect::CollectAny;
pub use loaded::{Failure, Frame, Loaded, OwnFailure};
pub use states::{Empty, ErrorPanel, Loading, NotAnAddress, NotFoundPanel, or_empty};
