//! The diagnostic codes are a public contract: every one is a constant of
//! `shaderxform::codes`, documented in docs/diagnostics.md, and no source
//! file spells one itself.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The codes `passes/src/codes.rs` defines, as (constant, code, doc).
fn registry() -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string(root().join("passes/src/codes.rs")).unwrap();
    let mut doc = String::new();
    let mut found = Vec::new();
    for line in text.lines() {
        if let Some(d) = line.strip_prefix("/// ") {
            doc.push_str(d);
            doc.push(' ');
        } else if let Some(rest) = line.strip_prefix("pub const ") {
            let (name, value) = rest.split_once(": &str = ").expect("a string constant");
            let code = value.trim_end_matches(';').trim_matches('"');
            found.push((name.to_string(), code.to_string(), doc.trim().to_string()));
            doc.clear();
        } else if !line.starts_with("//!") {
            doc.clear();
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_code_is_documented_once_with_what_it_means() {
    let codes = registry();
    assert!(codes.len() > 40, "{codes:?}");
    let mut seen = BTreeSet::new();
    for (name, code, doc) in &codes {
        assert!(seen.insert(code.clone()), "{code} is defined twice");
        assert!(!doc.is_empty(), "{name} ({code}) has no doc line");
    }
    assert_eq!(shaderxform::codes::EMIT_UNSUPPORTED, "emit::unsupported");
    let docs = std::fs::read_to_string(root().join("docs/diagnostics.md")).unwrap();
    let listed: BTreeSet<String> = docs
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once('`').map(|(code, _)| code.to_string()))
        .collect();
    for code in &seen {
        assert!(
            listed.contains(code),
            "{code} is missing from docs/diagnostics.md"
        );
    }
    for code in &listed {
        assert!(
            seen.contains(code),
            "docs/diagnostics.md lists {code}, which passes/src/codes.rs does not define"
        );
    }
}

#[test]
fn no_source_spells_a_code_itself() {
    let codes: BTreeSet<String> = registry().into_iter().map(|(_, code, _)| code).collect();
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    rust_files(&root().join("passes/src"), &mut files);
    let registry = root().join("passes/src/codes.rs");
    let mut spelled = Vec::new();
    for file in files.iter().filter(|f| **f != registry) {
        let text = std::fs::read_to_string(file).unwrap();
        for (number, line) in text.lines().enumerate() {
            let at = format!("{}:{}", file.display(), number + 1);
            // A code given to a diagnostic by hand, known or new.
            if line.contains("with_code(\"") {
                spelled.push(format!("{at}: {}", line.trim()));
                continue;
            }
            // A registered code as a string literal of its own. The codes
            // without a namespace (`internal`, `glslang`) are words that
            // other strings use too: only `with_code` is checked for them.
            for literal in line.split('"').skip(1).step_by(2) {
                if literal.contains("::") && codes.contains(literal) {
                    spelled.push(format!("{at}: \"{literal}\""));
                }
            }
        }
    }
    assert!(
        spelled.is_empty(),
        "use the constants of passes/src/codes.rs:\n{}",
        spelled.join("\n")
    );
}
