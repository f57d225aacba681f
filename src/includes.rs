//! `#include` directives of GLSL and HLSL, read from the text as glslang's
//! preprocessor would find them: which files a shader may read besides
//! itself, known before it is compiled.

use std::path::{Path, PathBuf};

/// The file named by each `#include "name"` or `#include <name>` line.
/// Directives in comments or in disabled `#if` branches are listed too:
/// callers use the list to decide what a shader might read, where one too
/// many is harmless.
pub fn directives(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.trim_start().strip_prefix('#') else {
            continue;
        };
        let Some(rest) = rest.trim_start().strip_prefix("include") else {
            continue;
        };
        let rest = rest.trim_start();
        let close = match rest.chars().next() {
            Some('"') => '"',
            Some('<') => '>',
            _ => continue,
        };
        if let Some(end) = rest[1..].find(close) {
            names.push(rest[1..1 + end].to_string());
        }
    }
    names
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_and_spacing_are_read() {
        let text = "#version 450\n#include \"a.h\"\n  #  include <sys/b.glsl>\n// #include nothing\n#includes \"no\"\nvoid main() {}\n";
        assert_eq!(directives(text), ["a.h", "sys/b.glsl"]);
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
