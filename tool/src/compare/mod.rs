//! The side-by-side comparison: results of many approaches on many puzzle
//! sets, summarised into complete rows ([`Comparison::new`], `summary.rs`)
//! and rendered by [`render`], one function of one shape per format;
//! [`block`] writes a rendering into a generated block of a Markdown file.
//! [`run`] measures one approach on one set in a
//! worker process of its own, under a time budget (`run.rs`); the replies
//! the workers send are [`crate::wire`]'s.

pub mod block;
pub mod render;
mod run;
mod summary;

pub use render::{Format, RenderError, Renderer};
pub use run::run;
pub use summary::{Comparison, Measurement, Row, SetSize, Timing};
