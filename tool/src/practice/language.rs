//! The language a learner reads: a stub's comments, the checker's report,
//! the hints, and the notes they link to (`notes/` or `notes/zh/`).

/// English or Chinese, remembered per practice folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    English,
    Chinese,
}
