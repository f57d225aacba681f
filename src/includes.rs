//! `#include` directives of GLSL and HLSL, read from the text as glslang's
//! preprocessor would find them: which files a shader may read besides
//! itself, known before it is compiled.

use std::path::{Path, PathBuf};

/// The file named by each `#include "name"` or `#include <name>` line.
/// Directives in comments or in disabled `#if` branches are listed too:
/// callers use the list to decide what a shader might read, where one too
/// many is harmless.
pub fn directives(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(directive)
        .map(|d| d.name.to_string())
        .collect()
}

/// An `#include` directive of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Directive<'a> {
    /// The file it names.
    pub name: &'a str,
    /// Whether it names it in angle brackets (`#include <name>`).
    pub angle: bool,
    /// The byte in the line after its closing quote or bracket.
    pub end: usize,
}

/// The `#include` directive `line` holds, if it is one.
pub fn directive(line: &str) -> Option<Directive<'_>> {
    let rest = line.trim_start().strip_prefix('#')?;
    let rest = rest.trim_start().strip_prefix("include")?;
    let rest = rest.trim_start();
    let (close, angle) = match rest.chars().next() {
        Some('"') => ('"', false),
        Some('<') => ('>', true),
        _ => return None,
    };
    let length = rest[1..].find(close)?;
    let start = line.len() - rest.len();
    Some(Directive {
        name: &rest[1..1 + length],
        angle,
        end: start + length + 2,
    })
}

/// Where `name`, included by a file in `including_dir`, may be found, in
/// glslang's order: beside the including file, then in each include
/// folder. An absolute name is itself.
pub fn candidates(including_dir: &Path, name: &str, include_dirs: &[PathBuf]) -> Vec<PathBuf> {
    let name = Path::new(name);
    if name.is_absolute() {
        return vec![name.to_path_buf()];
    }
    std::iter::once(including_dir)
        .chain(include_dirs.iter().map(PathBuf::as_path))
        .map(|dir| dir.join(name))
        .collect()
}

/// The folder a shader's includes are looked up from first: the folder of
/// its name, or the working directory for a bare name.
pub fn own_dir(name: &str) -> PathBuf {
    Path::new(name)
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// How deep includes are followed: deeper than any real shader,
/// shallower than a loop.
pub const MAX_DEPTH: usize = 64;

/// A place an `#include` may read.
pub struct Candidate<'a> {
    /// The name the directive gives.
    pub name: &'a str,
    /// Where glslang would look for it.
    pub path: &'a Path,
    /// The name of the shader's own `#include` that leads here (`name`
    /// itself for the shader's own directives).
    pub top_level: &'a str,
    /// How many files deep the directive is (1 for the shader's own).
    pub depth: usize,
}

/// Calls `visit` for every candidate of every `#include` of a shader (its
/// text, its folder), in glslang's order, following the regular files
/// found, each once, up to `max_size` bytes; files [`MAX_DEPTH`] deep are
/// visited but not followed.
/// Files that cannot be read are not followed: the front end reports them.
pub fn for_each_candidate<E>(
    own_dir: PathBuf,
    text: &str,
    include_dirs: &[PathBuf],
    max_size: u64,
    mut visit: impl FnMut(&Candidate) -> Result<(), E>,
) -> Result<(), E> {
    let mut seen = std::collections::BTreeSet::new();
    let mut pending: Vec<(PathBuf, String, usize, Option<String>)> =
        vec![(own_dir, text.to_string(), 0, None)];
    while let Some((dir, text, depth, top_level)) = pending.pop() {
        for name in directives(&text) {
            let top_level = top_level.clone().unwrap_or_else(|| name.clone());
            for path in candidates(&dir, &name, include_dirs) {
                visit(&Candidate {
                    name: &name,
                    path: &path,
                    top_level: &top_level,
                    depth: depth + 1,
                })?;
                let Ok(canonical) = path.canonicalize() else {
                    continue;
                };
                if depth + 1 > MAX_DEPTH || !seen.insert(canonical.clone()) {
                    continue;
                }
                let Ok(bytes) = crate::source::read_regular_file(&canonical, max_size) else {
                    continue;
                };
                let dir = canonical
                    .parent()
                    .map_or_else(PathBuf::new, Path::to_path_buf);
                let text = String::from_utf8_lossy(&bytes).into_owned();
                pending.push((dir, text, depth + 1, Some(top_level.clone())));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_and_spacing_are_read() {
        let text = "#version 450\n#include \"a.h\"\n  #  include <sys/b.glsl>\n// #include nothing\n#includes \"no\"\nvoid main() {}\n";
        assert_eq!(directives(text), ["a.h", "sys/b.glsl"]);
        let line = "  #  include <sys/b.glsl> // why";
        let found = directive(line).unwrap();
        assert!(found.angle);
        assert_eq!(&line[found.end..], " // why");
    }

    #[test]
    fn candidates_start_beside_the_including_file() {
        let found = candidates(Path::new("/s"), "x.h", &[PathBuf::from("/i")]);
        assert_eq!(found, [PathBuf::from("/s/x.h"), PathBuf::from("/i/x.h")]);
        assert_eq!(
            candidates(Path::new("/s"), "/abs/y.h", &[]),
            [PathBuf::from("/abs/y.h")]
        );
    }
}
