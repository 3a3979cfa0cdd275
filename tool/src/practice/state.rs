//! The learner's folder and their progress file in it: which exercises
//! passed, how many hints each has had, and the language they chose.
//!
//! The progress file is the learner's: it is never read as "no progress"
//! when it cannot be read (an error names it), lines this program does not
//! know (a note of the learner's) are kept, and every update merges. Two
//! runs at once (an editor's watcher and a terminal) take a lock, read the
//! file afresh, change it and write it whole through a temporary file that is
//! renamed over it, so that neither loses the other's update and a full disk
//! leaves the old file whole.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fs::{self, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use super::Exercise;
use crate::files::{self, ReadError};

/// The environment variable naming the learner's folder.
pub const DIR_ENV_NAME: &str = "SUDOKU37_PRACTICE_DIR";

/// The learner's folder inside a checkout of this repository, which git
/// ignores.
pub const DEFAULT_DIR: &str = "practice/mine";

/// The progress file in the learner's folder.
pub const STATE_FILE: &str = "progress.txt";

/// The lock beside it, held while the progress file is updated.
const LOCK_FILE: &str = ".progress.lock";

/// The largest progress file read: a few hundred bytes are usual.
pub const MAX_STATE_BYTES: u64 = 1024 * 1024;

/// The learner's progress: `passed NAME`, `hint NAME LEVEL`, `diagnosis
/// NAME ID` and `lang en|zh` lines; any other line is the learner's own,
/// and kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct State {
    pub passed: BTreeSet<String>,
    pub hints: BTreeMap<String, u8>,
    /// The diagnosis of each exercise's last failed check, by its id: what
    /// `practice hint` goes on from.
    pub diagnoses: BTreeMap<String, String>,
    /// The language chosen with `--lang`, remembered for the next command.
    pub lang: Option<String>,
    /// Lines this program does not know, in order: kept as they are.
    pub other: Vec<String>,
}

impl State {
    /// Reads the progress file's text.
    pub fn parse(text: &str) -> State {
        let mut state = State::default();
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["passed", name] => {
                    state.passed.insert((*name).to_string());
                }
                ["hint", name, level] if level.parse::<u8>().is_ok() => {
                    let level = level.parse::<u8>().unwrap_or(0).min(4);
                    state.hints.insert((*name).to_string(), level);
                }
                ["lang", lang] => state.lang = Some((*lang).to_string()),
                ["diagnosis", name, id] => {
                    state
                        .diagnoses
                        .insert((*name).to_string(), (*id).to_string());
                }
                _ if line.starts_with(HEADER) => {}
                _ => state.other.push(line.to_string()),
            }
        }
        state
    }

    /// The progress file's text.
    pub fn to_text(&self) -> String {
        let mut text = format!("{HEADER}\n");
        for name in &self.passed {
            text.push_str(&format!("passed {name}\n"));
        }
        for (name, level) in &self.hints {
            text.push_str(&format!("hint {name} {level}\n"));
        }
        for (name, id) in &self.diagnoses {
            text.push_str(&format!("diagnosis {name} {id}\n"));
        }
        if let Some(lang) = &self.lang {
            text.push_str(&format!("lang {lang}\n"));
        }
        for line in &self.other {
            text.push_str(line);
            text.push('\n');
        }
        text
    }
}

/// The first line of every progress file this program writes.
const HEADER: &str = "# sudoku37 practice: your progress (passed exercises, hint levels)";

/// Why the progress file could not be read or updated.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    #[error("cannot read your progress file {path}: {source}; fix it or move it away (nothing was changed)")]
    Unreadable {
        path: String,
        #[source]
        source: ReadError,
    },
    #[error("cannot update your progress file {path}: {source}")]
    Unwritable {
        path: String,
        #[source]
        source: io::Error,
    },
    /// The lock beside the progress file is not a file this program can
    /// lock: a folder, a FIFO, a device.
    #[error("cannot lock your progress: {path} is {what}, not a lock file; move it away (nothing was changed)")]
    NotALock { path: String, what: &'static str },
    /// Another run held the lock for longer than `LOCK_WAIT` (5 s).
    #[error("cannot update your progress: another run holds its lock {path} (waited {} s); when no other sudoku37 runs, delete that file (nothing was changed)", LOCK_WAIT.as_secs())]
    LockHeld { path: String },
}

/// How long an update waits for the lock another run holds.
pub const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// Where the learner's folder is, and how it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// `--dir`.
    Given,
    /// [`DIR_ENV_NAME`].
    Environment,
    /// `practice/mine` of the checkout of this repository that holds the
    /// current folder.
    Checkout(PathBuf),
    /// `practice/mine` of the current folder, which is no checkout.
    Here,
}

/// The learner's folder: their exercise files and the progress file.
#[derive(Debug, Clone)]
pub struct Folder {
    pub path: PathBuf,
    pub found: Found,
}

impl Folder {
    /// The folder given with `--dir`, else [`DIR_ENV_NAME`]'s, else
    /// `practice/mine` of the checkout that holds the current folder (found
    /// by its `notes/practice.md`, so that the notes the hints link to are
    /// there), else `practice/mine` here.
    pub fn locate(given: Option<&Path>) -> Folder {
        if let Some(dir) = given {
            return Folder {
                path: dir.to_path_buf(),
                found: Found::Given,
            };
        }
        if let Some(dir) = std::env::var_os(DIR_ENV_NAME).filter(|dir| !dir.is_empty()) {
            return Folder {
                path: PathBuf::from(dir),
                found: Found::Environment,
            };
        }
        let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        for folder in here.ancestors() {
            if folder.join("notes/practice.md").is_file() && folder.join("Cargo.toml").is_file() {
                return Folder {
                    path: folder.join(DEFAULT_DIR),
                    found: Found::Checkout(folder.to_path_buf()),
                };
            }
        }
        Folder {
            path: PathBuf::from(DEFAULT_DIR),
            found: Found::Here,
        }
    }

    /// The learner's file of `exercise`.
    pub fn exercise_file(&self, exercise: &Exercise) -> PathBuf {
        self.path.join(format!("{}.rs", exercise.name))
    }

    fn state_path(&self) -> PathBuf {
        self.path.join(STATE_FILE)
    }

    /// The progress: empty when there is no progress file yet; an error
    /// when there is one that cannot be read (never "no progress").
    pub fn read_state(&self) -> Result<State, StateError> {
        let path = self.state_path();
        match files::read_text(&path, MAX_STATE_BYTES) {
            Ok(text) => Ok(State::parse(&text)),
            Err(ReadError::Missing(_)) => Ok(State::default()),
            Err(source) => Err(StateError::Unreadable {
                path: path.display().to_string(),
                source,
            }),
        }
    }

    /// Changes the progress with `change` and writes it, merged with any
    /// other run's: under the folder's lock, the file is read afresh,
    /// changed, and written through a temporary file renamed over it.
    /// Returns the progress as written.
    pub fn update_state(&self, change: impl FnOnce(&mut State)) -> Result<State, StateError> {
        let path = self.state_path();
        let unwritable = |source: io::Error| StateError::Unwritable {
            path: path.display().to_string(),
            source,
        };
        fs::create_dir_all(&self.path).map_err(unwritable)?;
        let lock_path = self.path.join(LOCK_FILE);
        let lock_file = open_lock(&lock_path)?;
        let mut lock = fd_lock::RwLock::new(lock_file);
        let started = std::time::Instant::now();
        let _held = loop {
            match lock.try_write() {
                Ok(held) => break held,
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => {
                    if started.elapsed() > LOCK_WAIT {
                        return Err(StateError::LockHeld {
                            path: files::shown(&lock_path),
                        });
                    }
                }
                Err(error) => return Err(unwritable(error)),
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        let mut state = self.read_state()?;
        let before = state.clone();
        change(&mut state);
        if state != before {
            files::write_replacing(&path, state.to_text().as_bytes()).map_err(unwritable)?;
        }
        Ok(state)
    }
}

/// Opens the lock file at `path` (made if missing) without waiting on it,
/// and makes sure it is a plain file: a FIFO would block the open, and a
/// folder or a device is no lock.
fn open_lock(path: &Path) -> Result<fs::File, StateError> {
    use std::os::unix::fs::OpenOptionsExt;
    let not_a_lock = |what| StateError::NotALock {
        path: files::shown(path),
        what,
    };
    let kind = |metadata: &fs::Metadata| {
        use std::os::unix::fs::FileTypeExt;
        let kind = metadata.file_type();
        if kind.is_dir() {
            Some("a folder")
        } else if kind.is_fifo() {
            Some("a FIFO")
        } else if kind.is_file() {
            None
        } else {
            Some("not a plain file")
        }
    };
    if let Some(what) = fs::metadata(path).ok().as_ref().and_then(kind) {
        return Err(not_a_lock(what));
    }
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|source| StateError::Unwritable {
            path: files::shown(path),
            source,
        })?;
    match file.metadata().ok().as_ref().and_then(kind) {
        Some(what) => Err(not_a_lock(what)),
        None => Ok(file),
    }
}

/// Why `practice check TARGET` cannot tell which exercise to check.
#[derive(Debug, thiserror::Error)]
pub enum TargetError {
    #[error(transparent)]
    NoExercise(#[from] super::NoExercise),
    #[error(
        "which exercise is {path}? Name the file NAME.rs or give --exercise NAME (see \
         `sudoku37 practice list`)"
    )]
    Which { path: String },
}

impl Folder {
    /// The exercise and the file `practice check TARGET` checks: an
    /// exercise's name is always the learner's file in this folder (`./NAME` checks a
    /// file of that name here); a path says its exercise by `exercise`, by
    /// its name (`box_of.rs`), or by the first line its stub starts with.
    pub fn target(
        &self,
        target: &str,
        exercise: Option<&str>,
    ) -> Result<(&'static Exercise, PathBuf), TargetError> {
        let as_name = super::find(target);
        let path = match as_name {
            Some(exercise) => self.exercise_file(exercise),
            None => PathBuf::from(target),
        };
        if let Some(name) = exercise {
            return Ok((super::find_exercise(name)?, path));
        }
        if let Some(exercise) = as_name {
            return Ok((exercise, path));
        }
        let stem = path
            .file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or("");
        if let Some(exercise) = super::find(stem) {
            return Ok((exercise, path));
        }
        // The stub's first line names its exercise; only that line is read.
        let first_line = files::first_line(&path, 4096).unwrap_or_default();
        first_line
            .strip_prefix("// sudoku37 practice: ")
            // The name ends at a space, or at the Chinese stub's `（`.
            .and_then(|rest| rest.split(|c: char| c.is_whitespace() || c == '（').next())
            .and_then(super::find)
            .map(|exercise| (exercise, path.clone()))
            .ok_or_else(|| TargetError::Which {
                path: path.display().to_string(),
            })
    }
}

impl fmt::Display for Folder {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&files::shown(&self.path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stub started in Chinese and saved under another name says its
    /// exercise by its first line, whose name ends at the full-width `（`.
    #[test]
    fn a_chinese_stub_saved_under_another_name_is_checked_as_its_exercise() {
        let dir = tempfile::tempdir().expect("a folder");
        let exercise = super::super::find(sudoku37::approaches::BITMASK.name).expect("an exercise");
        let file = dir.path().join("mine.rs");
        let stub = super::super::render_stub(exercise, crate::practice::Language::Chinese);
        std::fs::write(&file, stub).expect("written");
        let folder = Folder {
            path: dir.path().to_path_buf(),
            found: Found::Given,
        };
        let (found, _) = folder
            .target(file.to_str().expect("UTF-8"), None)
            .expect("the stub names its exercise");
        assert_eq!(found.name, sudoku37::approaches::BITMASK.name);
    }

    #[test]
    fn the_state_file_reads_back_and_keeps_the_learner_s_own_lines() {
        let mut state = State::default();
        state.passed.insert("box_of".to_string());
        state.hints.insert("template".to_string(), 2);
        state.lang = Some("zh".to_string());
        state
            .diagnoses
            .insert("template".to_string(), "no_undo".to_string());
        state.other.push("我的笔记: try the undo".to_string());
        assert_eq!(State::parse(&state.to_text()), state);
        assert_eq!(State::parse("nonsense\nhint x 9\n").hints["x"], 4);
        assert_eq!(State::parse("nonsense\n").other, ["nonsense"]);
    }

    #[test]
    fn updates_from_many_threads_at_once_all_land() {
        let folder = tempfile::tempdir().expect("a folder");
        let practice = Folder {
            path: folder.path().join("mine"),
            found: Found::Given,
        };
        practice
            .update_state(|state| {
                state.passed.insert("box_of".to_string());
            })
            .expect("updated");
        std::thread::scope(|scope| {
            for thread in 0..8 {
                let practice = &practice;
                scope.spawn(move || {
                    for round in 0..10 {
                        practice
                            .update_state(|state| {
                                state.hints.insert(format!("t{thread}r{round}"), 1);
                            })
                            .expect("updated");
                    }
                });
            }
        });
        let state = practice.read_state().expect("read");
        assert_eq!(state.hints.len(), 80);
        assert!(state.passed.contains("box_of"));
    }

    #[test]
    fn a_progress_file_that_is_not_utf8_is_an_error_and_left_as_it_was() {
        let folder = tempfile::tempdir().expect("a folder");
        let practice = Folder {
            path: folder.path().to_path_buf(),
            found: Found::Given,
        };
        let bytes = b"passed box_of\n\xc4\xe3\xba\xc3 gbk\n".to_vec();
        fs::write(folder.path().join(STATE_FILE), &bytes).expect("written");
        let error = practice.read_state().expect_err("not UTF-8");
        assert!(error.to_string().contains("line 2 is not UTF-8"), "{error}");
        assert!(practice
            .update_state(|state| {
                state.hints.insert("x".to_string(), 1);
            })
            .is_err());
        assert_eq!(
            fs::read(folder.path().join(STATE_FILE)).expect("read"),
            bytes
        );
    }
}
