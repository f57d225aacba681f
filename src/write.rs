//! Atomic file writes: every file goes to a temporary file beside its
//! destination and is renamed into place, so a reader never sees half a
//! file and a failed run leaves no partial one behind.

use std::io::Write;
use std::path::Path;

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
    let cannot = |e: std::io::Error| format!("cannot write {}: {}", path.display(), e.kind());
    let mut file = tempfile::Builder::new()
        .prefix(".shaderxform-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(cannot)?;
    file.write_all(bytes).map_err(cannot)?;
    if sync {
        file.as_file().sync_all().map_err(cannot)?;
    }
    Ok(file)
}

/// Renames a staged file into place.
pub fn persist(staged: NamedTempFile, path: &Path) -> Result<(), String> {
    staged
        .persist(path)
        .map(|_| ())
        .map_err(|e| format!("cannot write {}: {}", path.display(), e.error.kind()))
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
