//! Atomic file writes: every file goes to a temporary file beside its
//! destination and is renamed into place, so a reader never sees half a
//! file and a failed run leaves no partial one behind.
//!
//! A process killed while writing cannot remove its temporary files
//! (`.shaderxform-XXXXXX.tmp`). The first write of a process into a folder
//! removes those of them that were last modified more than
//! [`STALE_TEMPORARY_AGE`] ago: a temporary file lives for the few
//! milliseconds between its creation and its rename, so one that old
//! belongs to no running shaderxform, on this machine or another sharing
//! the folder.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, SystemTime};

pub use tempfile::NamedTempFile;

/// Writes `bytes` to a temporary file beside `path`, synced, ready to be
/// renamed into place with [`NamedTempFile::persist`].
pub fn stage_file(path: &Path, bytes: &[u8]) -> Result<NamedTempFile, String> {
    stage(path, bytes, true)
}

/// Writes one file atomically without waiting for the disk: readers see
/// the old file or the whole new one, but after a crash the new one may be
/// empty. For files that are checked when read, like cache entries.
pub fn write_atomically_unsynced(path: &Path, bytes: &[u8]) -> Result<(), String> {
    persist(stage(path, bytes, false)?, path)
}

fn stage(path: &Path, bytes: &[u8], sync: bool) -> Result<NamedTempFile, String> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if path.is_dir() {
        return Err(format!(
            "cannot write {}: it is a directory",
            path.display()
        ));
    }
    if !dir.is_dir() {
        return Err(format!(
            "cannot write {}: the folder {} does not exist",
            path.display(),
            dir.display()
        ));
    }
    let cannot = |e: std::io::Error| format!("cannot write {}: {}", path.display(), reason(&e));
    remove_stale_temporaries_once(dir);
    let mut builder = tempfile::Builder::new();
    builder.prefix(TEMPORARY_PREFIX).suffix(TEMPORARY_SUFFIX);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // The kernel applies the umask to the mode asked for at creation.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut file = builder.tempfile_in(dir).map_err(cannot)?;
    // An existing file keeps its mode (and, on Windows, its read-only flag
    // is left to the rename to report).
    #[cfg(unix)]
    if let Ok(existing) = std::fs::metadata(path) {
        file.as_file()
            .set_permissions(existing.permissions())
            .map_err(cannot)?;
    }
    file.write_all(bytes).map_err(cannot)?;
    if sync {
        file.as_file().sync_all().map_err(cannot)?;
    }
    Ok(file)
}

const TEMPORARY_PREFIX: &str = ".shaderxform-";
const TEMPORARY_SUFFIX: &str = ".tmp";

/// How old a temporary file of ours must be before a later run removes it.
pub const STALE_TEMPORARY_AGE: Duration = Duration::from_secs(10 * 60);

/// [`remove_stale_temporaries`] on the first write of this process into
/// `dir`; later writes there skip the listing.
fn remove_stale_temporaries_once(dir: &Path) {
    static CLEANED: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());
    let first = CLEANED
        .lock()
        .map(|mut cleaned| cleaned.insert(dir.to_path_buf()))
        .unwrap_or(false);
    if first {
        remove_stale_temporaries(dir, STALE_TEMPORARY_AGE);
    }
}

/// Removes shaderxform's temporary files in `dir` last modified more than
/// `age` ago; returns how many. Anything that cannot be listed, read or
/// removed is left alone: cleaning up never fails a write.
pub fn remove_stale_temporaries(dir: &Path, age: Duration) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let now = SystemTime::now();
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(TEMPORARY_PREFIX) && name.ends_with(TEMPORARY_SUFFIX)) {
            continue;
        }
        // Not followed: a link or a folder of that name is not ours.
        let Ok(meta) = entry.metadata() else { continue };
        let old = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .is_some_and(|elapsed| elapsed > age);
        if meta.is_file() && old && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Renames a staged file into place.
pub fn persist(staged: NamedTempFile, path: &Path) -> Result<(), String> {
    staged
        .persist(path)
        .map(|_| ())
        .map_err(|e| format!("cannot write {}: {}", path.display(), reason(&e.error)))
}

/// Why a file could not be written, in words.
fn reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or folder".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::ReadOnlyFilesystem => "the file system is read-only".into(),
        std::io::ErrorKind::StorageFull => "no space left on the device".into(),
        _ => e.to_string(),
    }
}

/// Writes one file atomically.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    persist(stage_file(path, bytes)?, path)
}

/// Stages every file, then renames them all into place: either every file
/// is written or (short of a failing rename) none is.
pub fn write_all_atomically<'a>(
    files: impl IntoIterator<Item = (&'a Path, &'a [u8])>,
) -> Result<(), String> {
    let mut staged = Vec::new();
    for (path, bytes) in files {
        staged.push((path, stage_file(path, bytes)?));
    }
    for (path, file) in staged {
        persist(file, path)?;
    }
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
    }

    #[test]
    fn a_new_file_gets_the_mode_file_create_gives() {
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain");
        std::fs::File::create(&plain).unwrap();
        let written = dir.path().join("written");
        write_atomically(&written, b"x").unwrap();
        assert_eq!(mode(&written), mode(&plain));
        assert_ne!(mode(&written), 0o600, "not a temporary file's mode");
        let unsynced = dir.path().join("unsynced");
        write_atomically_unsynced(&unsynced, b"x").unwrap();
        assert_eq!(mode(&unsynced), mode(&plain));
    }

    #[test]
    fn old_temporaries_are_removed_and_recent_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        let old = dir.path().join(".shaderxform-abc123.tmp");
        let recent = dir.path().join(".shaderxform-def456.tmp");
        let other = dir.path().join(".other-abc123.tmp");
        for path in [&old, &recent, &other] {
            std::fs::write(path, b"partial").unwrap();
        }
        let long_ago = SystemTime::now() - Duration::from_secs(3600);
        for path in [&old, &other] {
            let file = std::fs::File::options().write(true).open(path).unwrap();
            file.set_modified(long_ago).unwrap();
        }
        assert_eq!(remove_stale_temporaries(dir.path(), STALE_TEMPORARY_AGE), 1);
        assert!(!old.exists());
        assert!(recent.exists());
        assert!(other.exists());
    }

    #[test]
    fn an_overwritten_file_keeps_its_mode() {
        let dir = tempfile::tempdir().unwrap();
        for wanted in [0o664, 0o640, 0o755] {
            let path = dir.path().join(format!("f{wanted:o}"));
            std::fs::write(&path, b"old").unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(wanted)).unwrap();
            write_all_atomically([(path.as_path(), b"new".as_slice())]).unwrap();
            assert_eq!(mode(&path), wanted);
            assert_eq!(std::fs::read(&path).unwrap(), b"new");
        }
    }
}
