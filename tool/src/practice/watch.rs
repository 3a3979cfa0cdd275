//! Waiting for the learner to save a file again: what `practice watch` checks
//! on.
//!
//! The folder that holds the file is watched, not the file itself: many
//! editors save by writing a new file and renaming it over the old one, which
//! a watch on the old file would not see. An editor's save is several events
//! (truncate, write, rename, change of times); they are taken as one save
//! once the folder has been quiet for [`SETTLE`].

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher};

/// How long the folder must be quiet after a change before it counts as one
/// save.
pub const SETTLE: Duration = Duration::from_millis(200);

/// Why saves cannot be waited for.
#[derive(Debug, thiserror::Error)]
pub enum WatchError {
    /// The operating system would not watch the folder (too many watches, or
    /// the folder is gone).
    #[error("cannot watch {folder} for saves: {source}")]
    Watch {
        folder: String,
        #[source]
        source: notify::Error,
    },
    /// The watch stopped reporting: its thread ended.
    #[error("the watch on {folder} stopped")]
    Stopped { folder: String },
}

/// Saves of one file, one at a time ([`Saves::wait`]).
pub struct Saves {
    // Kept for as long as the saves are waited for: dropping it ends the
    // watch.
    _watcher: RecommendedWatcher,
    events: Receiver<notify::Result<Event>>,
    folder: PathBuf,
    name: OsString,
}

impl Saves {
    /// Starts watching the folder of `file` for saves of it.
    pub fn new(file: &Path) -> Result<Saves, WatchError> {
        let folder = match file.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = file.file_name().map(OsString::from).unwrap_or_default();
        let failed = |source| WatchError::Watch {
            folder: folder.display().to_string(),
            source,
        };
        let (sender, events) = mpsc::channel();
        let mut watcher = notify::recommended_watcher(move |event| {
            // The receiver is gone only when `Saves` is dropped.
            let _ = sender.send(event);
        })
        .map_err(failed)?;
        watcher
            .watch(&folder, RecursiveMode::NonRecursive)
            .map_err(failed)?;
        Ok(Saves {
            _watcher: watcher,
            events,
            folder,
            name,
        })
    }

    /// Blocks until the file has been saved (written, created or renamed
    /// into place) and the folder has been quiet for [`SETTLE`] since.
    pub fn wait(&mut self) -> Result<(), WatchError> {
        let stopped = || WatchError::Stopped {
            folder: self.folder.display().to_string(),
        };
        // The first change to the file.
        loop {
            let event = self.events.recv().map_err(|_| stopped())?;
            if self.is_save(event) {
                break;
            }
        }
        // Then quiet: whatever else the editor does in the same save.
        loop {
            match self.events.recv_timeout(SETTLE) {
                Ok(_) => continue,
                Err(RecvTimeoutError::Timeout) => return Ok(()),
                Err(RecvTimeoutError::Disconnected) => return Err(stopped()),
            }
        }
    }

    /// Whether an event changed the file's content or put a file at its name.
    fn is_save(&self, event: notify::Result<Event>) -> bool {
        // An error from the watch (an overflowing queue, say) may have
        // hidden a save: checking once more is the safe reading.
        let Ok(event) = event else { return true };
        let changes = matches!(
            event.kind,
            EventKind::Create(_) | EventKind::Modify(_) | EventKind::Any
        );
        changes
            && event
                .paths
                .iter()
                .any(|path| path.file_name() == Some(self.name.as_os_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::thread;

    #[test]
    fn a_save_of_the_file_is_seen_and_one_of_its_neighbour_is_not() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let file = folder.path().join("mine.rs");
        fs::write(&file, "fn main() {}\n").expect("written");
        let mut saves = Saves::new(&file).expect("watching");
        let (done, finished) = mpsc::channel();
        let watched = thread::spawn(move || {
            let result = saves.wait().map_err(|error| error.to_string());
            let _ = done.send(result);
        });
        // A neighbour's change is not a save of this file.
        fs::write(folder.path().join("other.rs"), "// other\n").expect("written");
        assert!(
            finished.recv_timeout(SETTLE * 3).is_err(),
            "a neighbour's save was taken for one of mine.rs"
        );
        // Saved as editors do: a new file renamed over the old one.
        let fresh = folder.path().join(".mine.rs.swp");
        fs::write(&fresh, "fn main() { }\n").expect("written");
        fs::rename(&fresh, &file).expect("renamed");
        let seen = finished
            .recv_timeout(Duration::from_secs(10))
            .expect("the save was seen");
        assert_eq!(seen, Ok(()));
        watched.join().expect("the waiting thread");
    }
}
