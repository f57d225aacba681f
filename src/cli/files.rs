//! The files the command line reads and writes besides shaders and
//! outputs: byte sizes of its limits, and depfiles.

use std::path::{Path, PathBuf};

/// `4096`, `64K`, `16M`, `1G` (powers of 1024; `KiB`, `MiB`, `GiB` too).
pub(super) fn parse_byte_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    let number: u64 = number
        .parse()
        .map_err(|_| format!("`{text}`: expected a size like 4096, 64K or 16M"))?;
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kib" | "kb" => 10,
        "m" | "mib" | "mb" => 20,
        "g" | "gib" | "gb" => 30,
        _ => return Err(format!("`{text}`: the unit is K, M or G")),
    };
    number
        .checked_mul(1 << shift)
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("`{text}`: expected a size above 0 and below 16 EiB"))
}

/// `--depfile` may not replace the input, an output or the report.
pub(super) fn check_depfile_path(
    depfile: &Path,
    input: &Path,
    outputs: &[&Path],
    report: Option<&Path>,
) -> Result<(), String> {
    if outputs.is_empty() {
        return Err("--depfile needs an output file: its rule names the outputs".into());
    }
    if same_file(input, depfile) {
        return Err(format!(
            "refusing to overwrite the input: --depfile {} names the same file as {}",
            depfile.display(),
            input.display()
        ));
    }
    let taken = outputs
        .iter()
        .map(|o| (*o, "the output"))
        .chain(report.map(|r| (r, "the report")));
    for (path, what) in taken {
        if path == depfile || same_file(path, depfile) {
            return Err(format!(
                "--depfile {} names the same file as {what} {}",
                depfile.display(),
                path.display()
            ));
        }
    }
    Ok(())
}

/// The make rule of a compilation: every output depends on the input and
/// each included file, and each included file has an empty rule of its
/// own (as `-MP` writes), so that deleting a header does not break make.
/// An included file that is the depfile itself is refused.
pub(super) fn depfile_rule(
    depfile: &Path,
    outputs: &[&Path],
    input: &str,
    dependencies: &[PathBuf],
) -> Result<Vec<u8>, String> {
    if let Some(read) = dependencies.iter().find(|d| same_file(d, depfile)) {
        return Err(format!(
            "--depfile {} names a file the shader includes ({}): it is not replaced",
            depfile.display(),
            read.display()
        ));
    }
    let targets: Vec<String> = outputs
        .iter()
        .map(|o| escape_make(&o.display().to_string()))
        .collect();
    let mut rule = format!("{}:", targets.join(" "));
    let prerequisites: Vec<String> = std::iter::once(input.to_string())
        .filter(|i| i != "<stdin>")
        .chain(dependencies.iter().map(|d| d.display().to_string()))
        .collect();
    for prerequisite in &prerequisites {
        rule.push_str(" \\\n  ");
        rule.push_str(&escape_make(prerequisite));
    }
    rule.push('\n');
    for dependency in dependencies {
        rule.push('\n');
        rule.push_str(&escape_make(&dependency.display().to_string()));
        rule.push_str(":\n");
    }
    Ok(rule.into_bytes())
}

/// A path as make reads it: spaces and `#` escaped, `$` doubled.
fn escape_make(path: &str) -> String {
    path.replace('$', "$$")
        .replace(' ', "\\ ")
        .replace('#', "\\#")
}

/// Whether two paths name one file, whether or not `b` exists yet.
pub(super) fn same_file(a: &Path, b: &Path) -> bool {
    let Ok(a) = a.canonicalize() else {
        return false;
    };
    if let Ok(b) = b.canonicalize() {
        return a == b;
    }
    let parent = match b.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    match (parent.canonicalize(), b.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name) == a,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_take_binary_units() {
        assert_eq!(parse_byte_size("4096"), Ok(4096));
        assert_eq!(parse_byte_size("64K"), Ok(64 << 10));
        assert_eq!(parse_byte_size("16MiB"), Ok(16 << 20));
        assert!(parse_byte_size("0").is_err());
        assert!(parse_byte_size("12X").is_err());
        assert!(parse_byte_size("").is_err());
    }

    #[test]
    fn a_depfile_names_every_output_with_an_empty_rule_per_include() {
        let rule = depfile_rule(
            Path::new("x.d"),
            &[Path::new("out/a b.spv"), Path::new("out/a.wgsl")],
            "in/a.comp",
            &[PathBuf::from("/inc/c$.h")],
        )
        .unwrap();
        assert_eq!(
            String::from_utf8(rule).unwrap(),
            "out/a\\ b.spv out/a.wgsl: \\\n  in/a.comp \\\n  /inc/c$$.h\n\n/inc/c$$.h:\n"
        );
    }
}
