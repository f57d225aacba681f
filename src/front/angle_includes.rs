//! `#include <name>`, which DXC and glslc find in the include folders, and
//! which glslangValidator's own includer never finds: it has no system
//! include path, and says "Could not process include directive" for
//! every one.
//!
//! Where a shader or a file it includes uses the form, shaderxform finds
//! each included file itself, in glslang's order (beside the including
//! file, then each include folder), and hands glslang copies that include
//! each other by quoted names in one folder: `#include <donut/x.h>`
//! becomes `#include "2_x.h"` on the same line, so that every line stays
//! where it was. What glslang reports about a copy (its messages, its
//! depfile) is said of the file it copies.
//!
//! glslang's HLSL reader has no `#pragma once` either ("not implemented",
//! then every declaration of a file included twice is a redefinition):
//! where a file of the shader has one, the copies are made the same way,
//! each file with the pragma guarded by a macro of its own (`#ifndef` on
//! the pragma's line, `#define` and `#endif` after its last). A shader
//! with neither is handed to glslang as it is.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::includes::{self, directive};

/// The include files of a shader, copied for glslang.
pub(super) struct Staged {
    /// The shader's text, its directives naming the copies.
    pub text: String,
    /// Each copy: its name in the folder of the shader that glslang
    /// compiles, its text, and the file it copies.
    pub copies: Vec<(String, String, PathBuf)>,
    /// The most folders a directive left as it was (one that names no
    /// file) climbs with `..`.
    pub climbs: usize,
}

impl Staged {
    /// `text` (glslang's log or depfile) with each copy in `folder` named
    /// as the file it copies.
    pub fn originals(&self, folder: &Path, text: &str) -> String {
        let mut out = text.to_string();
        for (name, _, original) in &self.copies {
            let copy = folder.join(name).display().to_string();
            out = out.replace(&copy, &original.display().to_string());
        }
        out
    }
}

/// The copies of the files `text` (a shader in `own_dir`) includes, with
/// quoted names; `None` when neither it nor a file it includes has an
/// `#include <name>` or a `#pragma once`.
pub(super) fn stage(own_dir: &Path, text: &str, include_dirs: &[PathBuf]) -> Option<Staged> {
    // Every file reached, by its canonical path, from the shader (0).
    let mut files: Vec<(PathBuf, String)> = vec![(own_dir.join("."), text.to_string())];
    let mut index: HashMap<PathBuf, usize> = HashMap::new();
    // The file each directive (file, line) names.
    let mut resolved: HashMap<(usize, usize), usize> = HashMap::new();
    let mut depth = vec![0usize];
    let mut angle = false;
    let mut once = false;
    let mut next = 0;
    while next < files.len() {
        let including_dir = if next == 0 {
            own_dir.to_path_buf()
        } else {
            files[next]
                .0
                .parent()
                .map_or_else(PathBuf::new, Path::to_path_buf)
        };
        let text = files[next].1.clone();
        once |= top_level_pragma_once(&text).is_some();
        for (line_number, line) in text.lines().enumerate() {
            let Some(found) = directive(line) else {
                continue;
            };
            angle |= found.angle;
            if depth[next] >= includes::MAX_DEPTH {
                continue;
            }
            let target = includes::candidates(&including_dir, found.name, include_dirs)
                .into_iter()
                .find(|p| p.is_file())
                .and_then(|p| p.canonicalize().ok());
            let Some(target) = target else {
                continue;
            };
            let n = match index.get(&target) {
                Some(&n) => n,
                None => {
                    let Ok(bytes) = crate::source::read_regular_file(
                        &target,
                        crate::source::DEFAULT_MAX_INPUT_SIZE,
                    ) else {
                        continue;
                    };
                    files.push((target.clone(), String::from_utf8_lossy(&bytes).into_owned()));
                    depth.push(depth[next] + 1);
                    index.insert(target, files.len() - 1);
                    files.len() - 1
                }
            };
            resolved.insert((next, line_number), n);
        }
        next += 1;
    }
    if !angle && !once {
        return None;
    }
    // Names a quoted `#include` can hold whatever the original is called.
    let name = |n: usize| {
        let file: String = files[n]
            .0
            .file_name()
            .map_or_else(|| "include".into(), |f| f.to_string_lossy().into_owned())
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        format!("{n}_{file}")
    };
    let mut climbs = 0;
    let mut rewritten = Vec::with_capacity(files.len());
    for (n, (_, text)) in files.iter().enumerate() {
        let mut out = String::with_capacity(text.len());
        let guard = format!("SHADERXFORM_PRAGMA_ONCE_{n}");
        let pragma = top_level_pragma_once(text);
        let mut guarded = false;
        for (line_number, line) in text.split_inclusive('\n').enumerate() {
            if pragma == Some(line_number) {
                out.push_str(&format!("#ifndef {guard}"));
                out.push_str(if line.ends_with('\n') { "\n" } else { "" });
                guarded = true;
                continue;
            }
            let found = directive(line.trim_end_matches(['\n', '\r']));
            match (found, resolved.get(&(n, line_number))) {
                (Some(found), Some(&target)) => {
                    out.push_str(&format!("#include \"{}\"", name(target)));
                    out.push_str(&line[found.end..]);
                }
                (Some(found), None) => {
                    climbs = climbs.max(
                        Path::new(found.name)
                            .components()
                            .filter(|c| matches!(c, std::path::Component::ParentDir))
                            .count(),
                    );
                    out.push_str(line);
                }
                (None, _) => out.push_str(line),
            }
        }
        if guarded {
            if !out.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(&format!("#define {guard}\n#endif\n"));
        }
        rewritten.push(out);
    }
    let mut rewritten = rewritten.into_iter();
    let text = rewritten.next().unwrap_or_default();
    let copies = rewritten
        .enumerate()
        .map(|(k, text)| (name(k + 1), text, files[k + 1].0.clone()))
        .collect();
    Some(Staged {
        text,
        copies,
        climbs,
    })
}

/// The line (from 0) of the first `#pragma once` of `text` outside any
/// `#if`: one inside (`#if __cplusplus`) is left to glslang, which
/// ignores it.
fn top_level_pragma_once(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (n, line) in text.lines().enumerate() {
        let directive = line.trim_start().strip_prefix('#').map(|r| {
            r.trim_start()
                .split(|c: char| !c.is_ascii_alphanumeric())
                .next()
                .unwrap_or("")
        });
        match directive {
            Some("if" | "ifdef" | "ifndef") => depth += 1,
            Some("endif") => depth = depth.saturating_sub(1),
            _ if depth == 0 && pragma_once(line) => return Some(n),
            _ => {}
        }
    }
    None
}

/// Whether `line` is `#pragma once`.
fn pragma_once(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix('#') else {
        return false;
    };
    let Some(rest) = rest.trim_start().strip_prefix("pragma") else {
        return false;
    };
    rest.trim_start()
        .strip_prefix("once")
        .is_some_and(|r| r.trim().is_empty() || r.trim_start().starts_with("//"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn angle_includes_become_quoted_names_of_copies_on_the_same_lines() {
        let dir = tempfile::tempdir().unwrap();
        let include = dir.path().join("include/lib");
        std::fs::create_dir_all(&include).unwrap();
        std::fs::write(
            include.join("a.h"),
            "#pragma once\n#include \"b.h\" // beside\nfloat a();\n",
        )
        .unwrap();
        std::fs::write(include.join("b.h"), "float b();\n").unwrap();
        let shader = dir.path().join("shaders");
        std::fs::create_dir_all(&shader).unwrap();
        let text =
            "#include <lib/a.h>\n#include <missing.h>\n#include \"lib/b.h\"\nvoid main() {}\n";
        let staged = stage(&shader, text, &[dir.path().join("include")]).unwrap();
        assert_eq!(
            staged.text,
            "#include \"1_a.h\"\n#include <missing.h>\n#include \"2_b.h\"\nvoid main() {}\n"
        );
        assert_eq!(staged.copies.len(), 2);
        assert_eq!(staged.copies[0].0, "1_a.h");
        assert_eq!(
            staged.copies[0].1,
            "#ifndef SHADERXFORM_PRAGMA_ONCE_1\n#include \"2_b.h\" // beside\nfloat a();\n#define SHADERXFORM_PRAGMA_ONCE_1\n#endif\n"
        );
        let folder = Path::new("/tmp/x/in");
        let log = "ERROR: /tmp/x/in/2_b.h:1: oops";
        assert_eq!(
            staged.originals(folder, log),
            format!(
                "ERROR: {}:1: oops",
                include.join("b.h").canonicalize().unwrap().display()
            )
        );
        // A `#pragma once` inside an `#if` is left as it is.
        assert_eq!(
            top_level_pragma_once("#if __cplusplus\n#pragma once\n#endif\n"),
            None
        );
        assert_eq!(top_level_pragma_once("// x\n#pragma once\n"), Some(1));
        // Without the angle form or `#pragma once`, nothing is copied.
        assert!(stage(&shader, "#include \"../include/lib/b.h\"\n", &[]).is_none());
        assert!(stage(&shader, "#include \"../include/lib/a.h\"\n", &[]).is_some());
    }
}
