//! Which files of the tree are shaders to compile: `--glob` and
//! `--exclude`, headers (files that other shaders of the tree `#include`
//! and that are not shaders of their own), and `--shard K/N`.

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

/// Every WGSL file of `relatives` that is a module and not a shader (it
/// declares `#define_import_path` and no entry point, or it is WESL with
/// no entry point), with the first WGSL file of `relatives` whose
/// `#import`s name its path (or a path inside it), if any.
pub(super) fn wgsl_modules(
    options: &BatchOptions,
    relatives: &[PathBuf],
) -> BTreeMap<PathBuf, Option<PathBuf>> {
    use crate::front::wgsl_modules;
    let texts: Vec<(&PathBuf, String)> = relatives
        .iter()
        .filter(|r| InputFormat::from_path(r, options.stage) == Some(InputFormat::Wgsl))
        .filter_map(|relative| {
            let bytes =
                read_regular_file(&options.input_dir.join(relative), options.max_input_size)
                    .ok()?;
            Some((relative, String::from_utf8_lossy(&bytes).into_owned()))
        })
        .collect();
    let imports: Vec<(&PathBuf, Vec<String>)> = texts
        .iter()
        .map(|(relative, text)| {
            let paths = wgsl_modules::raw_imports(text)
                .into_iter()
                .map(|path| path.join("::"))
                .collect();
            (*relative, paths)
        })
        .collect();
    let mut modules = BTreeMap::new();
    for (relative, text) in &texts {
        // A WESL file without an entry point is a module, named by its
        // path.
        if wgsl_modules::is_wesl(&relative.to_string_lossy()) {
            if !wgsl_modules::has_entry_point(text) {
                modules.insert((*relative).clone(), None);
            }
            continue;
        }
        let Some(declared) = wgsl_modules::declared_import_path(text) else {
            continue;
        };
        if wgsl_modules::has_entry_point(text) {
            continue;
        }
        let inside = format!("{declared}::");
        let importer = imports
            .iter()
            .find(|(importer, paths)| {
                importer != relative
                    && paths
                        .iter()
                        .any(|p| *p == declared || p.starts_with(&inside))
            })
            .map(|(importer, _)| (*importer).clone());
        modules.insert((*relative).clone(), importer);
    }
    modules
}

/// One of `count` shares of a tree (`--shard K/N`, `index` from 1), for
/// machines that split one tree between them. A shader belongs to the
/// share its path's hash names, so that adding or removing a shader moves
/// no other between shares (a shared cache keeps serving them), and every
/// machine agrees without talking to the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which share this is, from 1 to `count` inclusive.
    pub index: u32,
    /// How many shares the tree is split into, at least 1.
    pub count: u32,
}

impl Shard {
    /// `K/N` with 1 ≤ K ≤ N.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let invalid = || format!("`{text}` is not a shard K/N with 1 <= K <= N");
        let (k, n) = text.split_once('/').ok_or_else(invalid)?;
        let index: u32 = k.trim().parse().map_err(|_| invalid())?;
        let count: u32 = n.trim().parse().map_err(|_| invalid())?;
        if index == 0 || index > count {
            return Err(invalid());
        }
        Ok(Shard { index, count })
    }

    /// Whether the shader at `relative` (under the input folder) is in
    /// this share: by the first 8 bytes of the SHA-256 of its path with
    /// `/` separators, the same on every platform.
    pub fn holds(self, relative: &Path) -> bool {
        use sha2::{Digest, Sha256};
        let digest = Sha256::digest(super::slash_path(relative).as_bytes());
        let word = u64::from_le_bytes(digest[..8].try_into().expect("8 bytes"));
        word % u64::from(self.count) == u64::from(self.index - 1)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_a_tree_into_disjoint_shares_that_cover_it() {
        let paths: Vec<PathBuf> = (0..500)
            .map(|i| PathBuf::from(format!("fx/s{i}.comp")))
            .collect();
        let shards: Vec<Shard> = (1..=3)
            .map(|k| Shard::parse(&format!("{k}/3")).unwrap())
            .collect();
        let mut sizes = Vec::new();
        for path in &paths {
            assert_eq!(
                shards.iter().filter(|s| s.holds(path)).count(),
                1,
                "{path:?}"
            );
        }
        for shard in &shards {
            sizes.push(paths.iter().filter(|p| shard.holds(p)).count());
        }
        assert!(sizes.iter().all(|&n| (120..=215).contains(&n)), "{sizes:?}");
        assert!(Shard::parse("1/1").unwrap().holds(Path::new("a.wgsl")));
        for bad in ["0/2", "3/2", "2", "a/b", "1/0"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
