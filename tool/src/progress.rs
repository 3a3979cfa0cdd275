//! What a long run tells the person waiting for it: how far it is, and what
//! it is doing now. The library's long runs (the judge, `practice check`,
//! `compare`) report through [`Progress`]; the command line draws it as a bar
//! or a spinner, and a caller that wants silence passes [`Silent`].

/// The listener of a long run. Every method has an empty default, so a
/// listener implements only what it shows.
pub trait Progress {
    /// A run of `total` steps starts, each one `unit` (`puzzles`,
    /// `approaches`): a bar from 0 to `total`.
    fn start(&mut self, _total: u64, _unit: &'static str) {}
    /// A step of unknown length starts: a spinner with `message`.
    fn spin(&mut self, _message: &str) {}
    /// What the run is doing now, beside the bar.
    fn message(&mut self, _message: &str) {}
    /// `steps` more steps are done.
    fn advance(&mut self, _steps: u64) {}
    /// The run (or the step) is over: clear what was drawn.
    fn finish(&mut self) {}
}

/// A listener that shows nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Silent;

impl Progress for Silent {}
