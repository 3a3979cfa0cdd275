//! The user's files, read and written so that nothing is lost and nothing
//! hangs: every read of a file the user names is of a regular file (never a
//! FIFO, a device or `/dev/zero` behind a link) and bounded; every write
//! goes to a temporary file beside the target that is then renamed over it,
//! so that a full disk or a crash leaves the old file whole; and a file this
//! program did not write, or the input of the same run, is never replaced.
//!
//! Every page and picture this program writes carries [`MARK`]; a file
//! without it is the user's. It imports nothing of the crate: every layer
//! may use it.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// There is no such file.
    Missing(io::Error),
    /// It is a folder, a FIFO, a device or a socket: reading it could block
    /// for ever or never end.
    NotRegular { kind: &'static str },
    /// It is larger than the limit for its kind.
    TooLarge { limit: u64 },
    /// Its text is not UTF-8, from this line on.
    NotUtf8 { line: usize },
    /// Any other error of the system.
    Io(io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Missing(error) | ReadError::Io(error) => write!(formatter, "{error}"),
            ReadError::NotRegular { kind } => {
                write!(formatter, "it is {kind}, not a regular file")
            }
            ReadError::TooLarge { limit } => {
                write!(formatter, "it is larger than {}", format_size(*limit))
            }
            ReadError::NotUtf8 { line } => write!(formatter, "line {line} is not UTF-8"),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Missing(error) | ReadError::Io(error) => Some(error),
            _ => None,
        }
    }
}

/// Whether `character` could drive a terminal or hide what follows it: a
/// control character (escape sequences among them) or a bidirectional or
/// invisible formatting character (U+202E turns the rest of a line around).
pub fn unsafe_for_terminal(character: char) -> bool {
    character.is_control()
        || matches!(
            character,
            '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}'
        )
}

/// `text` with every character that could drive a terminal (see
/// [`unsafe_for_terminal`]) written as its escape, `\u{1b}`: for what a
/// user or a program chose (a file name, an argument, a program's output)
/// in a message.
pub fn escape_controls(text: &str) -> String {
    text.chars()
        .map(|character| {
            if unsafe_for_terminal(character) {
                character.escape_unicode().to_string()
            } else {
                character.to_string()
            }
        })
        .collect()
}

/// A path as a message shows it: [`escape_controls`] on its display form.
pub fn shown(path: &Path) -> String {
    escape_controls(&path.display().to_string())
}

/// `bytes` written for people: `1 MiB`, `512 KiB`, `300 bytes`.
pub fn format_size(bytes: u64) -> String {
    const KIB: u64 = 1024;
    const MIB: u64 = 1024 * KIB;
    const GIB: u64 = 1024 * MIB;
    match bytes {
        b if b >= GIB && b % GIB == 0 => format!("{} GiB", b / GIB),
        b if b >= MIB && b % MIB == 0 => format!("{} MiB", b / MIB),
        b if b >= KIB && b % KIB == 0 => format!("{} KiB", b / KIB),
        b => format!("{b} bytes"),
    }
}

/// What a path names, in words, when it is not a regular file.
fn kind_of(metadata: &fs::Metadata) -> Option<&'static str> {
    let file_type = metadata.file_type();
    if file_type.is_file() {
        return None;
    }
    if file_type.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return Some("a FIFO");
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return Some("a device");
        }
        if file_type.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Whether `path` names a regular file (through links), and if not, what it
/// is: `Ok(None)` for a regular file, `Ok(Some(kind))` for anything else.
pub fn not_regular(path: &Path) -> io::Result<Option<&'static str>> {
    fs::metadata(path).map(|metadata| kind_of(&metadata))
}

/// The bytes of the regular file at `path`, at most `limit` of them.
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    // Looked at before it is opened: opening a FIFO blocks.
    let metadata = fs::metadata(path).map_err(|error| match error.kind() {
        io::ErrorKind::NotFound => ReadError::Missing(error),
        _ => ReadError::Io(error),
    })?;
    if let Some(kind) = kind_of(&metadata) {
        return Err(ReadError::NotRegular { kind });
    }
    let file = File::open(path).map_err(ReadError::Io)?;
    // It may have changed between the look and the opening.
    let opened = file.metadata().map_err(ReadError::Io)?;
    if let Some(kind) = kind_of(&opened) {
        return Err(ReadError::NotRegular { kind });
    }
    if opened.len() > limit {
        return Err(ReadError::TooLarge { limit });
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(bytes)
}

/// The text of the regular file at `path`, at most `limit` bytes of UTF-8.
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    let bytes = read_bytes(path, limit)?;
    String::from_utf8(bytes).map_err(|error| {
        let valid = error.utf8_error().valid_up_to();
        let line = 1 + error.as_bytes()[..valid]
            .iter()
            .filter(|&&byte| byte == b'\n')
            .count();
        ReadError::NotUtf8 { line }
    })
}

/// The first line of the regular file at `path` (without its line break),
/// reading at most `limit` bytes of it.
pub fn first_line(path: &Path, limit: u64) -> Result<String, ReadError> {
    let metadata = fs::metadata(path).map_err(|error| match error.kind() {
        io::ErrorKind::NotFound => ReadError::Missing(error),
        _ => ReadError::Io(error),
    })?;
    if let Some(kind) = kind_of(&metadata) {
        return Err(ReadError::NotRegular { kind });
    }
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|file| file.take(limit).read_to_end(&mut bytes))
        .map_err(ReadError::Io)?;
    let line = bytes.split(|&byte| byte == b'\n').next().unwrap_or(&[]);
    Ok(String::from_utf8_lossy(line)
        .trim_end_matches('\r')
        .to_string())
}

/// Whether `a` and `b` name the same file (the same device and inode, so a
/// link or another spelling of the path counts); `false` when either is not
/// there.
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (fs::metadata(a), fs::metadata(b)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (fs::canonicalize(a), fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}

/// Tells temporary files of one process apart.
static TEMPORARY: AtomicU64 = AtomicU64::new(0);

/// Writes `contents` to `path` through a temporary file beside it, renamed
/// over it once whole: a failed write (a full disk) leaves the old file as it
/// was, and no reader ever sees half a file. A file that is there keeps its
/// permissions. A link is followed: the file it points to is the one
/// replaced, and the link stays (`README.md -> docs/README.md`); a link to
/// nothing is replaced by the file.
pub fn write_replacing(path: &Path, contents: &[u8]) -> io::Result<()> {
    let is_link =
        fs::symlink_metadata(path).is_ok_and(|metadata| metadata.file_type().is_symlink());
    let followed = if is_link {
        fs::canonicalize(path).ok()
    } else {
        None
    };
    let path = followed.as_deref().unwrap_or(path);
    let temporary = temporary_beside(path)?;
    let written = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        file.write_all(contents)?;
        file.sync_all()?;
        if let Ok(old) = fs::metadata(path) {
            if old.is_file() {
                let _ = fs::set_permissions(&temporary, old.permissions());
            }
        }
        fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// Writes a new file at `path` with `contents`, whole or not at all: the
/// text goes to a temporary file beside it, which is then linked to `path`
/// only if nothing is there (an `AlreadyExists` error otherwise, the file
/// that is there left as it was). A full disk leaves no half-written file.
pub fn write_new(path: &Path, contents: &[u8]) -> io::Result<()> {
    let temporary = temporary_beside(path)?;
    let written = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        file.write_all(contents)?;
        file.sync_all()?;
        fs::hard_link(&temporary, path)
    })();
    let _ = fs::remove_file(&temporary);
    written
}

/// A name for a temporary file beside `path`, unique in this process.
fn temporary_beside(path: &Path) -> io::Result<PathBuf> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    Ok(folder.join(format!(
        ".{}.{}-{}.tmp",
        name.to_string_lossy(),
        std::process::id(),
        TEMPORARY.fetch_add(1, Ordering::Relaxed)
    )))
}

/// Why a file may not be written where the user asked.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// It is the input of the same run.
    IsInput,
    /// It is there and this program did not write it.
    NotOurs,
    /// It is a folder, a FIFO, a device.
    NotRegular { kind: &'static str },
    /// Its folder is not there.
    NoFolder,
}

impl fmt::Display for Refusal {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::IsInput => formatter.write_str("it is this run's input"),
            Refusal::NotOurs => formatter.write_str(
                "it is there and sudoku37 did not write it, so it is never replaced: \
                 name a new file, or delete this one first",
            ),
            Refusal::NotRegular { kind } => write!(formatter, "it is {kind}"),
            Refusal::NoFolder => formatter.write_str("its folder does not exist"),
        }
    }
}

/// Whether a file may be written at `path` by a run whose inputs are
/// `inputs`: its folder must be there, and the file new, or a regular file
/// that carries this program's stamp where [`stamp`] puts it (see
/// [`is_stamped`]), and none of the inputs. Checked before the work starts,
/// so that a bad path is said at once.
pub fn may_write(path: &Path, inputs: &[&Path]) -> Result<(), Refusal> {
    if inputs.iter().any(|input| same_file(input, path)) {
        return Err(Refusal::IsInput);
    }
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(Refusal::NoFolder);
    }
    match fs::symlink_metadata(path) {
        Err(_) => Ok(()),
        Ok(_) => {
            match not_regular(path) {
                Ok(Some(kind)) => return Err(Refusal::NotRegular { kind }),
                // A dangling link: nothing of the user's is behind it.
                Err(_) => return Ok(()),
                Ok(None) => {}
            }
            if is_ours(path) {
                Ok(())
            } else {
                Err(Refusal::NotOurs)
            }
        }
    }
}

/// What this program writes into every page and picture it makes, so that
/// it knows them again: a file without it is the user's, never replaced.
pub const MARK: &str = "written by sudoku37";

/// The kinds of file this program draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Html,
    Svg,
}

/// `text` with [`MARK`] in it: a generator tag at the head of a page, a
/// comment before a picture's first element.
pub fn stamp(kind: FileKind, text: &str) -> String {
    match kind {
        FileKind::Html => match text.find("<head>") {
            Some(at) => {
                let after = at + "<head>".len();
                format!(
                    "{}\n<meta name=\"generator\" content=\"{MARK}\">{}",
                    &text[..after],
                    &text[after..]
                )
            }
            None => format!("<!-- {MARK} -->\n{text}"),
        },
        FileKind::Svg => match text.strip_prefix("<?xml").and_then(|rest| rest.find("?>")) {
            Some(end) => {
                let after = "<?xml".len() + end + 2;
                format!("{}\n<!-- {MARK} -->{}", &text[..after], &text[after..])
            }
            None => format!("<!-- {MARK} -->\n{text}"),
        },
    }
}

/// Whether `text` (a file's head) carries the stamp exactly as [`stamp`]
/// writes it, where it writes it: the generator tag right after a page's
/// `<head>`, the comment right after a picture's XML declaration, or the
/// comment as the first line. A file that only mentions [`MARK`] (notes
/// about this program) is not ours.
pub fn is_stamped(text: &str) -> bool {
    let comment = format!("<!-- {MARK} -->");
    if text.starts_with(&format!("{comment}\n")) {
        return true;
    }
    if let Some(rest) = text
        .strip_prefix("<?xml")
        .and_then(|rest| rest.find("?>").map(|end| &rest[end + 2..]))
    {
        return rest.starts_with(&format!("\n{comment}"));
    }
    let starts_as_a_page = text
        .trim_start()
        .get(..9)
        .is_some_and(|start| start.eq_ignore_ascii_case("<!doctype") || start.starts_with("<html"));
    starts_as_a_page
        && text.find("<head>").is_some_and(|at| {
            text[at + "<head>".len()..]
                .starts_with(&format!("\n<meta name=\"generator\" content=\"{MARK}\">"))
        })
}

/// Why a page or picture could not be written where the user asked.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error("cannot write {path}: {refusal}")]
    Refused { path: String, refusal: Refusal },
    #[error("cannot write {path}: {source}")]
    Write {
        path: String,
        #[source]
        source: io::Error,
    },
}

/// Whether a page or picture may be written at `path` by a run that reads
/// `inputs` (see [`may_write`]): checked before the work starts, so that a
/// bad path is said at once.
pub fn check_output(path: &Path, inputs: &[&Path]) -> Result<(), OutputError> {
    may_write(path, inputs).map_err(|refusal| OutputError::Refused {
        path: path.display().to_string(),
        refusal,
    })
}

/// Writes a page or picture: checked as [`check_output`] does, stamped with
/// [`MARK`], and written through a temporary file renamed over the old one.
pub fn write_output(
    path: &Path,
    kind: FileKind,
    text: &str,
    inputs: &[&Path],
) -> Result<(), OutputError> {
    check_output(path, inputs)?;
    write_replacing(path, stamp(kind, text).as_bytes()).map_err(|source| OutputError::Write {
        path: path.display().to_string(),
        source,
    })
}

/// Whether the regular file at `path` is one this program wrote: its first
/// 4 KiB carry the stamp ([`is_stamped`]).
pub fn is_ours(path: &Path) -> bool {
    matches!(not_regular(path), Ok(None)) && {
        let mut head = Vec::new();
        File::open(path)
            .and_then(|file| file.take(4096).read_to_end(&mut head))
            .is_ok()
            && is_stamped(&String::from_utf8_lossy(&head))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_that_fails_leaves_the_old_file_whole_and_no_temporary_file() {
        let folder = tempfile::tempdir().expect("a folder");
        let path = folder.path().join("notes.md");
        fs::write(&path, "old").expect("written");
        write_replacing(&path, b"new").expect("replaced");
        assert_eq!(fs::read_to_string(&path).expect("read"), "new");
        // A target that is a folder cannot be replaced: the rename fails,
        // and the temporary file goes.
        let inner = folder.path().join("inner");
        fs::create_dir(&inner).expect("a folder");
        fs::write(inner.join("kept"), "x").expect("written");
        assert!(write_replacing(&inner, b"data").is_err());
        assert!(inner.join("kept").exists());
        let left: Vec<_> = fs::read_dir(folder.path())
            .expect("listed")
            .map(|entry| entry.expect("entry").file_name())
            .collect();
        assert_eq!(left.len(), 2, "{left:?}");
    }

    #[test]
    fn reads_are_of_regular_files_and_bounded() {
        let folder = tempfile::tempdir().expect("a folder");
        let path = folder.path().join("a.txt");
        fs::write(&path, b"one\ntwo\xff").expect("written");
        assert!(matches!(
            read_text(&path, 100),
            Err(ReadError::NotUtf8 { line: 2 })
        ));
        assert!(matches!(
            read_bytes(&path, 3),
            Err(ReadError::TooLarge { limit: 3 })
        ));
        assert!(matches!(
            read_bytes(folder.path(), 100),
            Err(ReadError::NotRegular { kind: "a folder" })
        ));
        #[cfg(unix)]
        assert!(matches!(
            read_bytes(Path::new("/dev/zero"), 100),
            Err(ReadError::NotRegular { kind: "a device" })
        ));
        assert_eq!(first_line(&path, 100).expect("read"), "one");
    }

    #[test]
    fn only_a_file_this_program_wrote_may_be_replaced() {
        let folder = tempfile::tempdir().expect("a folder");
        let ours = folder.path().join("ours.svg");
        let theirs = folder.path().join("theirs.svg");
        fs::write(&ours, stamp(FileKind::Svg, "<svg></svg>")).expect("written");
        fs::write(&theirs, "<svg></svg>").expect("written");
        assert_eq!(may_write(&ours, &[]), Ok(()));
        assert_eq!(may_write(&theirs, &[]), Err(Refusal::NotOurs));
        assert_eq!(may_write(&folder.path().join("new.svg"), &[]), Ok(()));
        assert_eq!(may_write(&ours, &[&ours]), Err(Refusal::IsInput));
        assert_eq!(
            may_write(&folder.path().join("missing/x.svg"), &[]),
            Err(Refusal::NoFolder)
        );
    }

    #[test]
    fn ours_is_the_stamp_where_stamp_puts_it_never_a_mention_of_it() {
        for kind in [FileKind::Html, FileKind::Svg] {
            for text in [
                "<!DOCTYPE html>\n<html><head><title>t</title></head></html>",
                "<?xml version=\"1.0\"?>\n<svg></svg>",
                "plain",
            ] {
                assert!(is_stamped(&stamp(kind, text)), "{kind:?}: {text}");
            }
        }
        for mentions in [
            "# My study notes\nThe trace pages are written by sudoku37, see below.\n",
            "<html><head><title>written by sudoku37</title></head></html>",
            "notes\n<!-- written by sudoku37 -->\n",
            "<html><head><meta name=\"generator\" content=\"written by sudoku37\"></head>",
        ] {
            assert!(!is_stamped(mentions), "{mentions}");
        }
    }
}
