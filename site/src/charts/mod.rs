//! Everything that draws an SVG chart. The plain parts, unit-tested natively: the arithmetic of scales, ticks, bands
//! and bars ([`scale`]), what a pool's series chart shows and the range it asks for ([`series`]), the geometry and
//! the words of price candles ([`candles`]) and the point a key selects ([`pointer`](mod@pointer)). The views draw
//! only what those return: the axes ([`axis`]), a daily series ([`daily`]), a pool's price candles
//! ([`candle_chart`]) and its volume and fee history ([`history`]).

pub mod axis;
pub mod candle_chart;
pub mod candles;
pub mod daily;
pub mod history;
pub mod pointer;
pub mod scale;
pub mod series;
