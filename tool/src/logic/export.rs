//! A walkthrough written to files: `explain --svg DIR`'s pictures, one per
//! deduction and one of the end, in a folder that may hold the user's own files.
//! Nothing of the user's is replaced: every picture this program writes
//! carries [`files::MARK`], a file without it stops the run before anything
//! is written, and the pictures of an earlier, longer run (its last
//! `step-NNN.svg`) are removed only when they carry the mark.

use std::path::{Path, PathBuf};

use super::{picture, Walkthrough};
use crate::files::{self, FileKind, OutputError};
use sudoku37::puzzle::Puzzle;

/// Why the pictures could not be written; nothing was, or what was is
/// said.
#[derive(Debug, thiserror::Error)]
pub enum PicturesError {
    #[error("cannot write pictures into {path}: it is {kind}, not a folder")]
    NotAFolder { path: String, kind: &'static str },
    #[error("cannot make the folder {path}: {source}")]
    Folder {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// What [`write_pictures`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pictures {
    /// The pictures written, in order: `step-001.svg`, ..., `end.svg`.
    pub pictures: Vec<PathBuf>,
    /// Pictures of an earlier run removed: deductions this run does not have.
    pub removed: Vec<PathBuf>,
}

/// The name of the picture of deduction `number` (from 1).
pub fn deduction_file(number: usize) -> String {
    format!("step-{number:03}.svg")
}

/// Writes one SVG per deduction of `walkthrough` into `folder` (the position
/// before it, the deduction marked), as `step-NNN.svg`, and `end.svg` (the
/// position where it ended); makes the folder if need be.
pub fn write_pictures(
    folder: &Path,
    puzzle: &Puzzle,
    walkthrough: &Walkthrough,
) -> Result<Pictures, PicturesError> {
    match files::not_regular(folder) {
        Ok(None) => {
            return Err(PicturesError::NotAFolder {
                path: folder.display().to_string(),
                kind: "a file",
            })
        }
        Ok(Some(kind)) if kind != "a folder" => {
            return Err(PicturesError::NotAFolder {
                path: folder.display().to_string(),
                kind,
            })
        }
        Ok(Some(_)) => {}
        Err(_) => std::fs::create_dir_all(folder).map_err(|source| PicturesError::Folder {
            path: folder.display().to_string(),
            source,
        })?,
    }
    let mut planned: Vec<(PathBuf, String)> = walkthrough
        .deductions
        .iter()
        .zip(walkthrough.positions(puzzle))
        .enumerate()
        .map(|(index, (deduction, before))| {
            (
                folder.join(deduction_file(index + 1)),
                picture::deduction_svg(puzzle.cells(), &before, deduction),
            )
        })
        .collect();
    planned.push((
        folder.join("end.svg"),
        picture::position_svg(
            puzzle.cells(),
            &walkthrough.candidates,
            &walkthrough.end_line(),
        ),
    ));
    // Every file is looked at before any is written: all or nothing.
    for (path, _) in &planned {
        files::check_output(path, &[])?;
    }
    let mut pictures = Vec::new();
    for (path, svg) in &planned {
        files::write_output(path, FileKind::Svg, svg, &[])?;
        pictures.push(path.clone());
    }
    let removed = remove_stale_deductions(folder, walkthrough.deductions.len());
    Ok(Pictures { pictures, removed })
}

/// Removes the pictures `step-NNN.svg` numbered past `deductions` that this
/// program wrote (an earlier run's); any other file stays.
fn remove_stale_deductions(folder: &Path, deductions: usize) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut removed: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .and_then(|name| name.strip_prefix("step-")?.strip_suffix(".svg"))
                .is_some_and(|number| {
                    number.len() >= 3
                        && number
                            .parse::<usize>()
                            .is_ok_and(|number| number > deductions)
                })
        })
        .filter(|path| files::is_ours(path))
        .filter(|path| std::fs::remove_file(path).is_ok())
        .collect();
    removed.sort();
    removed
}
