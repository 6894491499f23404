//! The view pieces the pages and the charts share: lists of erased views ([`CollectAny`]), the states of a load
//! ([`Loading`], [`empty`], [`NotFoundPanel`], [`NotAnAddress`], [`ErrorPanel`]) and [`Loaded`], which waits for a
//! page's resource and shows one of them or the loaded value's view, and the buttons that download a table
//! ([`downloads`]).

mod collect;
mod downloads;
mod loaded;
mod states;

pub use collect::CollectAny;
pub use downloads::downloads;
pub use loaded::{Failure, Frame, Loaded, OwnFailure};
pub use states::{ErrorPanel, Loading, NotAnAddress, NotFoundPanel, empty, or_empty};
