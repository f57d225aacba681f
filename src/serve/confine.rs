//! `serve --root`: every file a request makes the server read (the shader,
//! its include folders and, transitively, what it `#include`s) must lie
//! under the root once symbolic links are resolved.

use std::path::{Path, PathBuf};

use crate::front::FrontOptions;
use crate::includes;
use crate::source::{InputFormat, Source};

/// Whether `path` (relative to the working directory) lies under `root`
/// (canonical). A path that does not exist is refused without saying
/// whether it exists outside the root.
pub fn check_path(root: &Path, path: &Path) -> Result<(), String> {
    match path.canonicalize() {
        Ok(canonical) if canonical.starts_with(root) => Ok(()),
        Ok(_) => Err(outside(path, root)),
        Err(_) => {
            // A missing file under the root is the reader's to report.
            let lexical = std::path::absolute(path).map_err(|_| outside(path, root))?;
            if normalise(&lexical).starts_with(root) {
                Ok(())
            } else {
                Err(outside(path, root))
            }
        }
    }
}

/// The include folders of the request, and every file the shader's
/// `#include`s may name (each candidate glslang would look at, followed
/// through the files found), lie under `root`.
pub fn check_front_inputs(
    root: &Path,
    source: &Source,
    front: &FrontOptions,
    max_size: u64,
) -> Result<(), String> {
    if source.format == InputFormat::Wgsl {
        return check_wgsl_modules(root, source, front);
    }
    if !matches!(source.format, InputFormat::Glsl(_) | InputFormat::Hlsl(_)) {
        return Ok(());
    }
    for dir in &front.include_dirs {
        check_path(root, dir)?;
    }
    let Some(text) = source.text() else {
        return Ok(());
    };
    includes::for_each_candidate(
        includes::own_dir(&source.name),
        text,
        &front.include_dirs,
        max_size,
        |candidate| {
            // Folders are not checked themselves: only the files found in
            // them are read, and each is checked.
            let Ok(canonical) = candidate.path.canonicalize() else {
                return Ok(());
            };
            if !canonical.starts_with(root) {
                return Err(format!(
                    "`#include \"{}\"` may read {}, outside the root {}",
                    candidate.name,
                    candidate.path.display(),
                    root.display()
                ));
            }
            if candidate.depth > includes::MAX_DEPTH {
                return Err(format!(
                    "includes nest deeper than {} at {}",
                    includes::MAX_DEPTH,
                    candidate.path.display()
                ));
            }
            Ok(())
        },
    )?;
    Ok(())
}

/// The folders a WGSL shader's modules are searched for in (its `-I`
/// folders), and every quoted file its `#import`s may name (beside the
/// shader, then in each folder), lie under `root`. Modules found by their
/// `#define_import_path` are files of those folders.
fn check_wgsl_modules(root: &Path, source: &Source, front: &FrontOptions) -> Result<(), String> {
    use crate::front::wgsl_modules;
    if wgsl_modules::is_wesl(&source.name) {
        // Modules are files of the package folders alone.
        for dir in wgsl_modules::wesl_folders(&source.name, front) {
            check_path(root, &dir).map_err(|_| {
                format!(
                    "the WESL packages of {} may be read from {}, outside the root {}",
                    source.name,
                    dir.display(),
                    root.display()
                )
            })?;
        }
        return Ok(());
    }
    let Some(text) = source.text().filter(|t| wgsl_modules::has_directives(t)) else {
        return Ok(());
    };
    for dir in front.module_dirs.iter().chain(&front.include_dirs) {
        check_path(root, dir)?;
    }
    for path in wgsl_modules::raw_imports(text) {
        let Some(quoted) = path.first().and_then(|p| p.strip_prefix('"')) else {
            continue;
        };
        let name = quoted.trim_end_matches('"');
        let candidates = std::iter::once(includes::own_dir(&source.name))
            .chain(front.module_dirs.iter().cloned())
            .chain(front.include_dirs.iter().cloned())
            .map(|dir| dir.join(name));
        for candidate in candidates {
            check_path(root, &candidate).map_err(|_| {
                format!(
                    "`#import \"{name}\"` may read {}, outside the root {}",
                    candidate.display(),
                    root.display()
                )
            })?;
        }
    }
    Ok(())
}

/// Every file the front end reports having read lies under `root`.
pub fn check_dependencies(root: &Path, dependencies: &[PathBuf]) -> Result<(), String> {
    for dependency in dependencies {
        check_path(root, dependency)?;
    }
    Ok(())
}

fn outside(path: &Path, root: &Path) -> String {
    format!(
        "{} is outside the root {} (--root): it is not read",
        path.display(),
        root.display()
    )
}

/// `a/./b/../c` as `a/c`, without touching the file system.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parent_folders_and_absolute_paths_leave_the_root() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("root");
        std::fs::create_dir(&root).unwrap();
        std::fs::write(root.join("in.wgsl"), "").unwrap();
        std::fs::write(dir.path().join("out.wgsl"), "").unwrap();
        let root = root.canonicalize().unwrap();
        assert!(check_path(&root, &root.join("in.wgsl")).is_ok());
        assert!(check_path(&root, &root.join("missing.wgsl")).is_ok());
        assert!(check_path(&root, &root.join("../out.wgsl")).is_err());
        assert!(check_path(&root, &root.join("../missing.wgsl")).is_err());
        assert!(check_path(&root, Path::new("/etc/passwd")).is_err());
    }
}
