//! Which files of the tree are shaders to compile: `--glob` and
//! `--exclude`, and headers, files that other shaders of the tree
//! `#include` and that are not shaders of their own.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use globset::{Glob, GlobSet, GlobSetBuilder};

use super::{slash_path, BatchOptions, PlanError};
use crate::includes;
use crate::source::{read_regular_file, InputFormat};

/// The relative paths `options` selects by glob: those matching any
/// `--glob` (all when there is none) and no `--exclude`.
pub(super) fn by_glob(
    options: &BatchOptions,
    relatives: Vec<PathBuf>,
) -> Result<Vec<PathBuf>, PlanError> {
    let include = glob_set(&options.globs)?;
    let exclude = glob_set(&options.excludes)?;
    Ok(relatives
        .into_iter()
        .filter(|relative| {
            let slashed = slash_path(relative);
            (options.globs.is_empty() || include.is_match(&slashed)) && !exclude.is_match(&slashed)
        })
        .collect())
}

fn glob_set(patterns: &[String]) -> Result<GlobSet, PlanError> {
    let mut set = GlobSetBuilder::new();
    for pattern in patterns {
        let glob = Glob::new(pattern).map_err(|error| PlanError::Glob {
            pattern: pattern.clone(),
            error: error.kind().to_string(),
        })?;
        set.add(glob);
    }
    set.build().map_err(|error| PlanError::Glob {
        pattern: patterns.join(", "),
        error: error.kind().to_string(),
    })
}

/// Every file of `relatives` that a GLSL or HLSL file of `relatives`
/// `#include`s (the first candidate that exists, as glslang looks them
/// up: beside the including file, then in each include folder), with the
/// first file found including it.
pub(super) fn headers(options: &BatchOptions, relatives: &[PathBuf]) -> BTreeMap<PathBuf, PathBuf> {
    let Ok(root) = options.input_dir.canonicalize() else {
        return BTreeMap::new();
    };
    let include_dirs = &options.options.front.include_dirs;
    let mut included = BTreeMap::new();
    for relative in relatives {
        if !matches!(
            InputFormat::from_path(relative, options.stage),
            Some(InputFormat::Glsl(_) | InputFormat::Hlsl(_))
        ) {
            continue;
        }
        let path = options.input_dir.join(relative);
        let Ok(bytes) = read_regular_file(&path, options.max_input_size) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        let dir = path.parent().map_or_else(PathBuf::new, Path::to_path_buf);
        for name in includes::directives(&text) {
            let found = includes::candidates(&dir, &name, include_dirs)
                .into_iter()
                .find_map(|candidate| candidate.canonicalize().ok());
            let Some(found) = found else { continue };
            if let Ok(inside) = found.strip_prefix(&root) {
                if inside != relative {
                    included
                        .entry(inside.to_path_buf())
                        .or_insert_with(|| relative.clone());
                }
            }
        }
    }
    included
}
