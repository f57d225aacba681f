//! Where the modules of a WESL shader are: its own package and the
//! packages it names, found in folders (see [`Packages::of`]), and a path
//! as written turned into a path from its package ([`absolute`]).

use std::path::{Path, PathBuf};

use super::EXTENSION;

/// Where the packages a WESL shader names are found.
#[derive(Debug)]
pub struct Packages {
    /// The shader's own package: its name (`package` where it has none)
    /// and its root folder.
    pub own: (String, PathBuf),
    /// Folders whose subfolders are packages, in order.
    pub search: Vec<PathBuf>,
}

impl Packages {
    /// The packages of the shader at `file` (which may not exist: text
    /// given without a file is in a package of its folder alone), with
    /// `search` folders, and the shader's module path. The shader's own
    /// package is, first found: the package folder of a `search` folder
    /// that holds it (`-I crates` and `crates/bevy_pbr/src/render/pbr.wesl`:
    /// `bevy_pbr`); the `root` of the nearest `wesl.toml` (`shaders` by
    /// default) that holds it; the `src` folder of the Rust crate that
    /// holds it (named as its `Cargo.toml` names it; the crate's siblings
    /// are packages too); else the shader's folder, as `package`.
    pub fn of(file: &Path, own_dir: &Path, mut search: Vec<PathBuf>) -> (Self, Vec<String>) {
        let dir = file
            .parent()
            .filter(|p| file.is_file() && !p.as_os_str().is_empty())
            .map(Path::to_path_buf)
            .unwrap_or_else(|| own_dir.to_path_buf());
        let stem = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (name, root) =
            own_package(&dir, &mut search).unwrap_or_else(|| ("package".to_string(), dir.clone()));
        let inside = dir.strip_prefix(&root).unwrap_or(Path::new(""));
        let mut module = vec![name.clone()];
        module.extend(components(inside));
        module.push(stem);
        (
            Packages {
                own: (name, root),
                search,
            },
            module,
        )
    }

    /// The root folder of package `name`.
    pub fn root(&self, name: &str) -> Option<PathBuf> {
        if name == self.own.0 {
            return Some(self.own.1.clone());
        }
        self.search.iter().find_map(|dir| {
            let package = dir.join(name);
            let src = package.join("src");
            if src.is_dir() {
                Some(src)
            } else {
                package.is_dir().then_some(package)
            }
        })
    }

    /// The file of module `path` (its package first): `.wesl`, else
    /// `.wgsl`; and the files looked for, for a message.
    pub fn file(&self, path: &[String]) -> (Option<PathBuf>, Vec<PathBuf>) {
        let Some(root) = self.root(&path[0]) else {
            return (None, Vec::new());
        };
        let mut base = root;
        for segment in &path[1..] {
            base.push(segment);
        }
        let tried: Vec<PathBuf> = [EXTENSION, "wgsl"]
            .iter()
            .map(|ext| base.with_extension(ext))
            .collect();
        (tried.iter().find(|f| f.is_file()).cloned(), tried)
    }
}

/// The name and root of the package that holds folder `dir` (see
/// [`Packages::of`]); a crate's workspace joins `search`.
fn own_package(dir: &Path, search: &mut Vec<PathBuf>) -> Option<(String, PathBuf)> {
    let absolute = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let here = absolute(dir);
    for folder in search.iter() {
        let folder = absolute(folder);
        let Ok(inside) = here.strip_prefix(&folder) else {
            continue;
        };
        let Some(std::path::Component::Normal(name)) = inside.components().next() else {
            continue;
        };
        let package = folder.join(name);
        let src = package.join("src");
        let root = if src.is_dir() { src } else { package };
        if here.starts_with(&root) {
            let name = name.to_string_lossy().into_owned();
            return Some((name, relative_to(dir, &here, &root)));
        }
    }
    for ancestor in dir.ancestors() {
        if let Ok(manifest) = std::fs::read_to_string(ancestor.join("wesl.toml")) {
            let root = ancestor.join(toml_root(&manifest).unwrap_or("shaders"));
            if here.starts_with(absolute(&root)) {
                return Some(("package".to_string(), root));
            }
        }
        if ancestor.file_name().is_some_and(|n| n == "src") {
            if let Some(krate) = ancestor.parent() {
                if let Some(name) = crate_name(krate) {
                    if let Some(workspace) = krate.parent() {
                        search.insert(0, workspace.to_path_buf());
                    }
                    return Some((name, ancestor.to_path_buf()));
                }
            }
        }
    }
    None
}

/// `root`, an absolute form of a folder above `dir` (whose absolute form
/// is `here`), written as `dir` is (relative where `dir` is).
fn relative_to(dir: &Path, here: &Path, root: &Path) -> PathBuf {
    let below = here
        .strip_prefix(root)
        .map_or(0, |p| p.components().count());
    let mut out = dir.to_path_buf();
    for _ in 0..below {
        if !out.pop() {
            return root.to_path_buf();
        }
    }
    out
}

/// The `root = "..."` of a `wesl.toml`.
fn toml_root(manifest: &str) -> Option<&str> {
    manifest.lines().find_map(|line| {
        let value = line
            .trim()
            .strip_prefix("root")?
            .trim_start()
            .strip_prefix('=')?;
        Some(value.trim().trim_matches('"'))
    })
}

/// The folder names of a relative path.
fn components(path: &Path) -> Vec<String> {
    path.components()
        .filter_map(|c| match c {
            std::path::Component::Normal(n) => Some(n.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect()
}

/// The package name of the crate in `dir` (its `Cargo.toml`'s name, `-`
/// as `_`), if it is one.
fn crate_name(dir: &Path) -> Option<String> {
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
    let mut in_package = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[package]";
            continue;
        }
        if in_package {
            if let Some(value) = line.strip_prefix("name") {
                let value = value.trim_start().strip_prefix('=')?.trim();
                return Some(value.trim_matches('"').replace('-', "_"));
            }
        }
    }
    None
}

/// Path `written` (an import's, or a qualifier in code) of the module
/// `module` (its package first), as a module path from its package:
/// `package::` from the module's package, `super::` from its folder, any
/// other first segment a package.
pub fn absolute(module: &[String], written: &[String]) -> Vec<String> {
    match written[0].as_str() {
        "package" => std::iter::once(module[0].clone())
            .chain(written[1..].iter().cloned())
            .collect(),
        "super" => {
            let supers = written.iter().take_while(|s| *s == "super").count();
            // The package name stays, however far `super` climbs.
            let keep = module.len().saturating_sub(supers).max(1);
            module[..keep]
                .iter()
                .chain(&written[supers..])
                .cloned()
                .collect()
        }
        _ => written.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_taken_from_the_module() {
        let module: Vec<String> = ["bevy_pbr", "render", "pbr"].map(String::from).to_vec();
        let path = |p: &str| p.split("::").map(String::from).collect::<Vec<_>>();
        assert_eq!(
            absolute(&module, &path("package::a::b")),
            path("bevy_pbr::a::b")
        );
        assert_eq!(
            absolute(&module, &path("super::x")),
            path("bevy_pbr::render::x")
        );
        assert_eq!(
            absolute(&module, &path("super::super::y")),
            path("bevy_pbr::y")
        );
        assert_eq!(
            absolute(&module, &path("bevy_render::m")),
            path("bevy_render::m")
        );
    }
}
