//! `practice hint`: one more hint each time. After a check, the hints go
//! on from its diagnosis's concept: the pattern to look for, the note's
//! section, then the code; before any check, the exercise's own. The level
//! and the language are remembered in the progress file.

use std::process::ExitCode;

use clap::Args;

use sudoku37_tool::practice::{self, Folder};

use crate::cli::error::{fail, CliError};
use crate::cli::flags::Lang;
use crate::cli::output::{finish, Output, Status};

#[derive(Debug, Clone, Args)]
pub(super) struct HintArgs {
    /// The exercise.
    name: String,
    /// The language of the hints (remembered for the next commands).
    #[arg(long, value_enum)]
    lang: Option<Lang>,
}

pub(super) fn hint(folder: &Folder, options: &HintArgs) -> ExitCode {
    let exercise = match practice::find_exercise(&options.name) {
        Ok(exercise) => exercise,
        Err(error) => return fail(&error.into()),
    };
    let given = options.lang.map(Lang::language);
    // The hints are chosen from the progress as read under the lock, so
    // that a check that lands meanwhile is never overwritten with a stale
    // level.
    let mut chosen = None;
    let kept = folder.update_state(|state| {
        let language = practice::language_of(given, state);
        let hints = practice::next_hints(exercise, state, language);
        state.hints.insert(exercise.name.to_string(), hints.level);
        if let Some(language) = given {
            state.lang = Some(language.code().to_string());
        }
        chosen = Some((language, hints));
    });
    // The level is kept only if the progress file takes it; otherwise the
    // next run shows the same hints again, and this one says so.
    let (language, hints) = match chosen {
        Some(chosen) => chosen,
        None => {
            let state = match folder.read_state() {
                Ok(state) => state,
                Err(error) => return fail(&error.into()),
            };
            let language = practice::language_of(given, &state);
            let hints = practice::next_hints(exercise, &state, language);
            (language, hints)
        }
    };
    let mut text = hints.text;
    if hints.more && kept.is_ok() {
        text.push_str(&match language {
            practice::Language::English => format!(
                "Run `sudoku37 practice hint {}` again for the next one.\n",
                exercise.name
            ),
            practice::Language::Chinese => format!(
                "再运行一次 `sudoku37 practice hint {}` 看下一条。\n",
                exercise.name
            ),
        });
    }
    let mut out = Output::stdout();
    let written = out.write_str(&text).and_then(|()| out.flush());
    match kept {
        Ok(_) => finish(Status::Ok, written),
        Err(error) => {
            let error = CliError::from(error);
            say!("error: {error} (so the next hint cannot be shown next time)");
            finish(error.status(), written)
        }
    }
}
