//! Options a shader gives itself, for the front doors that compile a whole
//! tree with one set of options (`batch`, `Build`, `serve`, `validate
//! DIR`): a comment line
//!
//! ```text
//! // shaderxform: --storage-format outImage=rgba8unorm -D TILE=16 -e CSMain
//! ```
//!
//! anywhere in a WGSL, GLSL or HLSL shader, with the front end's options as
//! the command line spells them: `-D`/`--define NAME[=VALUE]`,
//! `-I`/`--include-dir DIR` (from the shader's folder), `-e`/`--entry-point
//! NAME` (HLSL), `--storage-format NAME=FORMAT` and
//! `--hlsl-register-shift CLASS=N`. They come after the host's: where both
//! name one thing (a define, an image's format, the entry point), the
//! shader's holds. Anything else on such a line is an error at it.

use std::path::Path;

use shaderxform_passes::codes;

use super::FrontOptions;
use crate::diagnostics::Diagnostic;

/// What starts a line of options.
const MARKER: &str = "shaderxform:";

/// `options` with those `text` (the shader named `name`) gives itself;
/// `None` where it gives none.
pub(crate) fn apply(
    name: &str,
    text: &str,
    options: &FrontOptions,
) -> Result<Option<FrontOptions>, Diagnostic> {
    let mut merged: Option<FrontOptions> = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let Some(comment) = line.trim_start().strip_prefix("//") else {
            continue;
        };
        let Some(rest) = comment.trim_start().strip_prefix(MARKER) else {
            continue;
        };
        let span = {
            let indent = line.len() - line.trim_start().len();
            let trimmed = line.trim_end_matches(['\n', '\r']);
            naga::Span::new((start + indent) as u32, (start + trimmed.len()) as u32)
        };
        let refuse = |message: String| {
            Diagnostic::error(message)
                .with_code(codes::OPTIONS_IN_SOURCE)
                .with_primary(span, "in these options")
                .with_note(
                    "a shader's own options are `// shaderxform:` and then `-D NAME[=VALUE]`, `-I DIR`, `-e NAME`, `--storage-format NAME=FORMAT` or `--hlsl-register-shift CLASS=N`",
                )
        };
        let options = merged.get_or_insert_with(|| options.clone());
        let mut words = rest.split_whitespace();
        while let Some(word) = words.next() {
            // `-DNAME` and `-IDIR` glued, as compilers take them.
            let (flag, glued) = match word {
                w if w.starts_with("-D") && w.len() > 2 && !w.starts_with("--") => {
                    ("-D", Some(&w[2..]))
                }
                w if w.starts_with("-I") && w.len() > 2 => ("-I", Some(&w[2..])),
                w => (w, None),
            };
            let known = matches!(
                flag,
                "-D" | "--define"
                    | "-I"
                    | "--include-dir"
                    | "-e"
                    | "--entry-point"
                    | "--storage-format"
                    | "--hlsl-register-shift"
                    | "--diagnostic"
            );
            if !known {
                return Err(refuse(format!(
                    "`{word}` is not an option a shader can give itself"
                )));
            }
            let Some(value) = glued.or_else(|| words.next()) else {
                return Err(refuse(format!("`{flag}` needs a value")));
            };
            match flag {
                "-D" | "--define" => options.defines.push(super::parse_define(value)),
                "-I" | "--include-dir" => {
                    let dir = Path::new(value);
                    options.include_dirs.push(if dir.is_absolute() {
                        dir.to_path_buf()
                    } else {
                        crate::includes::own_dir(name).join(dir)
                    });
                }
                "-e" | "--entry-point" => options.hlsl_entry_point = Some(value.to_string()),
                "--storage-format" => options
                    .storage_formats
                    .push(super::parse_storage_format(value).map_err(|e| refuse(e.to_string()))?),
                "--diagnostic" => options
                    .diagnostics
                    .push(super::parse_diagnostic(value).map_err(refuse)?),
                _ => options
                    .hlsl_register_shifts
                    .push(super::parse_register_shift(value).map_err(|e| refuse(e.to_string()))?),
            }
        }
    }
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_line_gives_the_shader_its_options() {
        let text = "#version 450\n// shaderxform: --storage-format img=rgba8unorm -D TILE=16 -DFAST -e CSMain -I inc\nvoid main() {}\n";
        let host = FrontOptions {
            defines: vec![("TILE".into(), Some("8".into()))],
            ..FrontOptions::default()
        };
        let merged = apply("shaders/a.comp", text, &host).unwrap().unwrap();
        assert_eq!(
            merged.defines,
            [
                ("TILE".to_string(), Some("8".to_string())),
                ("TILE".to_string(), Some("16".to_string())),
                ("FAST".to_string(), None)
            ]
        );
        assert_eq!(merged.hlsl_entry_point.as_deref(), Some("CSMain"));
        assert_eq!(
            merged.storage_formats,
            [("img".to_string(), naga::StorageFormat::Rgba8Unorm)]
        );
        assert_eq!(merged.include_dirs, [Path::new("shaders/inc")]);
        assert!(apply("a.wgsl", "// nothing here\n", &host)
            .unwrap()
            .is_none());
    }

    #[test]
    fn anything_else_is_an_error_at_its_line() {
        let text = "fn f() {}\n  // shaderxform: --passes all\n";
        let error = apply("a.wgsl", text, &FrontOptions::default()).unwrap_err();
        assert_eq!(error.code.as_deref(), Some(codes::OPTIONS_IN_SOURCE));
        assert!(error.message.contains("`--passes`"), "{}", error.message);
        let label = &error.labels[0];
        assert_eq!(
            &text[label.span.to_range().unwrap()],
            "// shaderxform: --passes all"
        );
        let error = apply(
            "a.wgsl",
            "// shaderxform: --storage-format img\n",
            &FrontOptions::default(),
        )
        .unwrap_err();
        assert!(error.message.contains("NAME=FORMAT"), "{}", error.message);
    }
}
