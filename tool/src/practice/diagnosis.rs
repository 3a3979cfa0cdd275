//! What the checker can say went wrong: one [`Id`] per kind of mistake,
//! each with a stable name (what `practice check --format json` prints and
//! the tests assert). Each has four hints (`hints.rs`); which one applies is
//! decided from the evidence (`evidence/`).

use std::fmt;

use serde::Serialize;

/// A kind of mistake the checker names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Id {
    WrongBoxIndex,
    MissingRowCheck,
    MissingColumnCheck,
    MissingBoxCheck,
    BlankAsDigit,
    SelfClash,
    DigitRange,
    GivensChanged,
    NoUndo,
    StateNotUndone,
    AnswerErased,
    ReturnInLoop,
    SolvedACopy,
    NoSearch,
    NoPruning,
    EndlessSearch,
    TooSlow,
    EndTestOrder,
    NotADigit,
    OverNodeBudget,
    NotCounted,
    CompileError,
    Unfinished,
    PanicOther,
    MemoryLimit,
    OutputLimit,
    NoKnownPattern,
}

impl Id {
    /// Every id, in the order of the notes' table.
    pub const ALL: [Id; 27] = [
        Id::WrongBoxIndex,
        Id::MissingRowCheck,
        Id::MissingColumnCheck,
        Id::MissingBoxCheck,
        Id::BlankAsDigit,
        Id::SelfClash,
        Id::DigitRange,
        Id::GivensChanged,
        Id::NoUndo,
        Id::StateNotUndone,
        Id::AnswerErased,
        Id::ReturnInLoop,
        Id::SolvedACopy,
        Id::NoSearch,
        Id::NoPruning,
        Id::EndlessSearch,
        Id::TooSlow,
        Id::EndTestOrder,
        Id::NotADigit,
        Id::OverNodeBudget,
        Id::NotCounted,
        Id::CompileError,
        Id::Unfinished,
        Id::PanicOther,
        Id::MemoryLimit,
        Id::OutputLimit,
        Id::NoKnownPattern,
    ];

    /// Its stable name: `wrong_box_index`.
    pub fn name(self) -> &'static str {
        match self {
            Id::WrongBoxIndex => "wrong_box_index",
            Id::MissingRowCheck => "missing_row_check",
            Id::MissingColumnCheck => "missing_column_check",
            Id::MissingBoxCheck => "missing_box_check",
            Id::BlankAsDigit => "blank_as_digit",
            Id::SelfClash => "self_clash",
            Id::DigitRange => "digit_range",
            Id::GivensChanged => "givens_changed",
            Id::NoUndo => "no_undo",
            Id::StateNotUndone => "state_not_undone",
            Id::AnswerErased => "answer_erased",
            Id::ReturnInLoop => "return_in_loop",
            Id::SolvedACopy => "solved_a_copy",
            Id::NoSearch => "no_search",
            Id::NoPruning => "no_pruning",
            Id::EndlessSearch => "endless_search",
            Id::TooSlow => "too_slow",
            Id::EndTestOrder => "end_test_order",
            Id::NotADigit => "not_a_digit",
            Id::OverNodeBudget => "over_node_budget",
            Id::NotCounted => "not_counted",
            Id::CompileError => "compile_error",
            Id::Unfinished => "unfinished",
            Id::PanicOther => "panic_other",
            Id::MemoryLimit => "memory_limit",
            Id::OutputLimit => "output_limit",
            Id::NoKnownPattern => "no_known_pattern",
        }
    }

    /// The id named `name`.
    pub fn from_name(name: &str) -> Option<Id> {
        Id::ALL.into_iter().find(|id| id.name() == name)
    }
}

impl fmt::Display for Id {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}
