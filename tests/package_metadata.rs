//! What crates.io and docs.rs show of the three crates: every link in
//! their manifests and READMEs leads somewhere real.

use std::fs;
use std::path::Path;

const CRATES: [(&str, &str); 3] = [
    ("", "shaderxform"),
    ("passes", "shaderxform-passes"),
    ("host", "shaderxform-host"),
];

fn read(relative: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every `http(s)://` address in `text`.
fn addresses(text: &str) -> Vec<&str> {
    text.match_indices("http")
        .filter(|(at, _)| text[*at..].starts_with("https://") || text[*at..].starts_with("http://"))
        .map(|(at, _)| {
            let rest = &text[at..];
            let end = rest
                .find(|c: char| c.is_whitespace() || matches!(c, ')' | '"' | '>' | '`' | ']'))
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .collect()
}

/// Reserved hosts (RFC 2606 and 6761) lead nowhere: a placeholder.
fn is_placeholder(address: &str) -> bool {
    let host = address
        .split("://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or("");
    host.ends_with(".invalid")
        || host.ends_with(".example")
        || host.ends_with(".test")
        || host == "localhost"
        || ["example.com", "example.org", "example.net"]
            .iter()
            .any(|domain| host == *domain || host.ends_with(&format!(".{domain}")))
}

#[test]
fn every_crate_names_its_docs_rs_page() {
    for (dir, name) in CRATES {
        let manifest = read(&Path::new(dir).join("Cargo.toml").to_string_lossy());
        let line = format!("documentation = \"https://docs.rs/{name}\"");
        assert!(manifest.contains(&line), "{name}'s Cargo.toml has `{line}`");
    }
}

#[test]
fn no_manifest_or_readme_links_to_a_placeholder() {
    for (dir, name) in CRATES {
        for file in ["Cargo.toml", "README.md"] {
            let relative = Path::new(dir).join(file);
            let relative = relative.to_string_lossy();
            if dir.is_empty()
                || Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join(&*relative)
                    .exists()
            {
                let text = read(&relative);
                let placeholders: Vec<&str> = addresses(&text)
                    .into_iter()
                    .filter(|a| is_placeholder(a))
                    .collect();
                assert!(
                    placeholders.is_empty(),
                    "{name}: {relative} links to {placeholders:?}"
                );
            }
        }
    }
    // The workspace's shared metadata too.
    let workspace = read("Cargo.toml");
    assert!(!addresses(&workspace).into_iter().any(is_placeholder));
}

#[test]
fn placeholder_hosts_are_recognised() {
    assert!(is_placeholder("https://example.invalid/shaderxform"));
    assert!(is_placeholder("https://github.example/x"));
    assert!(!is_placeholder("https://docs.rs/shaderxform"));
    assert_eq!(
        addresses("[a](https://docs.rs/x) and <http://b.org/y>"),
        ["https://docs.rs/x", "http://b.org/y"]
    );
}
