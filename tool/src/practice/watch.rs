//! Waiting for the learner to save a file again: what `practice watch` checks
//! on.
//!
//! The folder that holds the file is watched, not the file itself: many
//! editors save by writing a new file and renaming it over the old one, which
//! a watch on the old file would not see. A file that is a link is watched
//! where the link is and where it points (a learner's own repository linked
//! into the practice folder). A watch follows an inode, so the folders are
//! looked at again every [`LOOK_AGAIN`]: a folder replaced by another (moved
//! away and made anew, or a link turned to another folder) is watched anew
//! and counts as a save; a folder that is gone ends the watch with an error.
//! An editor's save is several events (truncate, write, rename, change of
//! times); they are taken as one save once the folders have been quiet for
//! [`SETTLE`].

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher};

/// How long the folder must be quiet after a change before it counts as one
/// save.
pub const SETTLE: Duration = Duration::from_millis(200);

/// How often the watched folders are looked at again, to find one replaced.
pub const LOOK_AGAIN: Duration = Duration::from_millis(500);

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
    /// The folder of the file is gone.
    #[error("{folder} is gone, so its file cannot be watched any more")]
    Gone { folder: String },
}

/// One place the file is watched at: a folder, by its identity when the
/// watch began, and the file's name in it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Place {
    folder: PathBuf,
    identity: Option<(u64, u64)>,
    name: OsString,
}

/// Saves of one file, one at a time ([`Saves::wait`]).
pub struct Saves {
    file: PathBuf,
    // Kept for as long as the saves are waited for: dropping it ends the
    // watch.
    _watcher: RecommendedWatcher,
    sender: Sender<notify::Result<Event>>,
    events: Receiver<notify::Result<Event>>,
    places: Vec<Place>,
}

/// The places of `file`: its folder as named, and, for a link, the folder of
/// the file it points to.
fn places(file: &Path) -> Vec<Place> {
    let place = |path: &Path| {
        let folder = match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
            _ => PathBuf::from("."),
        };
        Place {
            identity: identity(&folder),
            name: path.file_name().map(OsString::from).unwrap_or_default(),
            folder,
        }
    };
    let mut places = vec![place(file)];
    let is_link =
        std::fs::symlink_metadata(file).is_ok_and(|metadata| metadata.file_type().is_symlink());
    if is_link {
        if let Ok(target) = std::fs::canonicalize(file) {
            places.push(place(&target));
        }
    }
    places
}

/// A folder's device and inode, following links; `None` when it is gone.
fn identity(folder: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(folder)
        .ok()
        .map(|metadata| (metadata.dev(), metadata.ino()))
}

impl Saves {
    /// Starts watching the folder of `file` (and of the file a link points
    /// to) for saves of it.
    pub fn new(file: &Path) -> Result<Saves, WatchError> {
        let (sender, events) = mpsc::channel();
        let places = places(file);
        let watcher = watch(&places, &sender)?;
        Ok(Saves {
            file: file.to_path_buf(),
            _watcher: watcher,
            sender,
            events,
            places,
        })
    }

    /// Blocks until the file has been saved (written, created or renamed
    /// into place, or its folder replaced) and the folders have been quiet
    /// for [`SETTLE`] since.
    pub fn wait(&mut self) -> Result<(), WatchError> {
        let stopped = |saves: &Saves| WatchError::Stopped {
            folder: saves.places[0].folder.display().to_string(),
        };
        // The first change to the file.
        loop {
            match self.events.recv_timeout(LOOK_AGAIN) {
                Ok(event) if self.is_save(&event) => break,
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    if self.replaced()? {
                        break;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return Err(stopped(self)),
            }
        }
        // Then quiet: whatever else the editor does in the same save.
        loop {
            match self.events.recv_timeout(SETTLE) {
                Ok(_) => continue,
                Err(RecvTimeoutError::Timeout) => return Ok(()),
                Err(RecvTimeoutError::Disconnected) => return Err(stopped(self)),
            }
        }
    }

    /// Whether a watched folder was replaced (and then watches the new
    /// one); an error when one is gone.
    fn replaced(&mut self) -> Result<bool, WatchError> {
        let now = places(&self.file);
        if now == self.places {
            return Ok(false);
        }
        if let Some(gone) = now.iter().find(|place| place.identity.is_none()) {
            return Err(WatchError::Gone {
                folder: crate::files::shown(&gone.folder),
            });
        }
        self._watcher = watch(&now, &self.sender)?;
        self.places = now;
        Ok(true)
    }

    /// Whether an event changed the file's content or put a file at its name.
    fn is_save(&self, event: &notify::Result<Event>) -> bool {
        // An error from the watch (an overflowing queue, say) may have
        // hidden a save: checking once more is the safe reading.
        let Ok(event) = event else { return true };
        let changes = matches!(
            event.kind,
            EventKind::Create(_) | EventKind::Modify(_) | EventKind::Any
        );
        changes
            && event.paths.iter().any(|path| {
                self.places
                    .iter()
                    .any(|place| path.file_name() == Some(place.name.as_os_str()))
            })
    }
}

/// A watcher on the folders of `places`, sending to `sender`.
fn watch(
    places: &[Place],
    sender: &Sender<notify::Result<Event>>,
) -> Result<RecommendedWatcher, WatchError> {
    let sender = sender.clone();
    let mut watcher = notify::recommended_watcher(move |event| {
        // The receiver is gone only when `Saves` is dropped.
        let _ = sender.send(event);
    })
    .map_err(|source| WatchError::Watch {
        folder: places[0].folder.display().to_string(),
        source,
    })?;
    for place in places {
        watcher
            .watch(&place.folder, RecursiveMode::NonRecursive)
            .map_err(|source| WatchError::Watch {
                folder: place.folder.display().to_string(),
                source,
            })?;
    }
    Ok(watcher)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::thread;

    #[test]
    fn a_save_of_the_file_is_seen_and_one_of_another_file_is_not() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let file = folder.path().join("mine.rs");
        fs::write(&file, "fn main() {}\n").expect("written");
        let mut saves = Saves::new(&file).expect("watching");
        let (done, finished) = mpsc::channel();
        let watched = thread::spawn(move || {
            let result = saves.wait().map_err(|error| error.to_string());
            let _ = done.send(result);
        });
        // A change to another file of the folder is not a save of this one.
        fs::write(folder.path().join("other.rs"), "// other\n").expect("written");
        assert!(
            finished.recv_timeout(SETTLE * 3).is_err(),
            "another file's save was taken for one of mine.rs"
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
