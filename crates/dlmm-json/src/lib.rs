//! The generic JSON layer of `dlmm-query`: what a body must look like, read and written without code per model.
//!
//! It names no model. A model declares its JSON as a static [`Shape`](enum@shape::Shape) table (derived from its
//! serde attributes by `#[derive(Shape)]`, or written by hand for a leaf type) and how it is built from what the table
//! reads ([`slot::FromSlot`]); this crate reads bodies by those tables:
//! * [`transcode`] reads a body by a shape and writes the JSON text handed to JavaScript ([`json_text`]), with the
//!   checks and errors of decoding the model, without building it (the npm package);
//! * [`slot`] reads a body by a shape into values the model is built from (the explorer);
//! * [`wire`] and [`integer`] are the leaf readers models name (lenient numbers, numeric and decimal text, exact
//!   integers); [`float`] and [`literal`] read numbers from their text exactly;
//! * [`skip`], [`json_scan`], [`pick`] and [`page_facts`] step over, scan and pick from JSON text without reading it
//!   whole; [`refusal`] is the error every reader refuses a body with.

pub mod float;
pub mod integer;
pub mod json_scan;
pub mod json_text;
pub mod literal;
pub mod page_facts;
pub mod pick;
pub mod reader;
pub mod refusal;
pub mod shape;
pub mod skip;
pub mod slot;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod transcode;
pub mod ts_type;
pub mod wire;
