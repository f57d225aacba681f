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

/// The `readme` and `include` of a crate's manifest, as Cargo reads them.
fn readme_and_include(dir: &str) -> (String, Vec<String>) {
    let manifest: toml::Table = read(&Path::new(dir).join("Cargo.toml").to_string_lossy())
        .parse()
        .expect("a manifest Cargo reads");
    let package = manifest["package"].as_table().expect("[package]");
    let readme = package["readme"]
        .as_str()
        .expect("a readme path")
        .to_string();
    let include = package["include"]
        .as_array()
        .expect("an include list")
        .iter()
        .map(|pattern| pattern.as_str().unwrap().to_string())
        .collect();
    (readme, include)
}

/// Whether `path` (relative to the crate) is packaged under `pattern`, one
/// of the anchored `/dir/*.ext` and `/dir/**/*.ext` forms the manifests use.
fn packaged(pattern: &str, path: &str) -> bool {
    let pattern = pattern.trim_start_matches('/');
    match pattern.split_once('*') {
        None => pattern == path,
        Some((dir, rest)) => {
            let recursive = rest.starts_with("*/");
            let suffix = rest.trim_start_matches("*/").trim_start_matches('*');
            path.strip_prefix(dir)
                .is_some_and(|tail| tail.ends_with(suffix) && (recursive || !tail.contains('/')))
        }
    }
}

/// Link targets of a Markdown text: what `](...)` holds.
fn link_targets(text: &str) -> Vec<&str> {
    text.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &text[at + 2..];
            rest.find(')').map(|end| &rest[..end])
        })
        .collect()
}

#[test]
fn every_link_of_a_crates_io_page_is_absolute_and_leads_to_a_packaged_file() {
    for (dir, name) in CRATES {
        let (readme, include) = readme_and_include(dir);
        let page = read(&Path::new(dir).join(&readme).to_string_lossy());
        assert!(
            include.iter().any(|p| packaged(p, &readme)),
            "{name}: its readme {readme} is packaged"
        );
        // crates.io resolves a relative link against the repository
        // address, and the manifests name none: a relative link is broken.
        for target in link_targets(&page) {
            assert!(
                target.starts_with("https://") || target.starts_with('#'),
                "{name}: {readme} links to `{target}`, which crates.io cannot resolve"
            );
        }
        let source = format!("https://docs.rs/crate/{name}/latest/source/");
        for address in addresses(&page) {
            if let Some(path) = address.strip_prefix(&source) {
                let path = path.split('#').next().unwrap();
                assert!(
                    Path::new(env!("CARGO_MANIFEST_DIR"))
                        .join(dir)
                        .join(path)
                        .is_file()
                        && include.iter().any(|p| packaged(p, path)),
                    "{name}: {readme} links to {path}, which is not in the package"
                );
            }
        }
    }
}

#[test]
fn include_patterns_match_as_cargo_matches_them() {
    assert!(packaged("/docs/*.md", "docs/batch.md"));
    assert!(!packaged("/docs/*.md", "docs/deep/batch.md"));
    assert!(!packaged("/docs/*.md", "corpus/docs/batch.md"));
    assert!(packaged("/src/**/*.rs", "src/gpu/bench.rs"));
    assert!(packaged("/README.md", "README.md"));
    assert!(!packaged("/README.md", "docs/README.md"));
    assert_eq!(
        link_targets("[a](https://docs.rs/x) and [b](docs/b.md#c)"),
        ["https://docs.rs/x", "docs/b.md#c"]
    );
}
