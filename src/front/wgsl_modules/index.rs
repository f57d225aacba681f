//! Where WGSL modules are found: the `.wgsl` files of the search folders,
//! each known by the path its `#define_import_path` declares.
//!
//! The folders are searched in order, and the first that holds a file
//! declaring a path gives it: the shader's own folder (its files only),
//! then each module folder (`batch` and `shaderxform::build` give the
//! input folder) and each `-I` folder, every subfolder of those included.
//! Hidden files and folders are skipped. Two files of one folder's tree
//! that declare one path are an error; a file's declaration is read again
//! only when its size or modification time changed.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use super::directives::declared_import_path;
use crate::source::{read_regular_file, DEFAULT_MAX_INPUT_SIZE};

/// A folder searched for modules.
#[derive(Clone, Debug)]
pub struct Root {
    /// The folder: one of the [`FrontOptions`](crate::front::FrontOptions)
    /// as given, or the shader's own (`.` for a shader named without
    /// one).
    pub dir: PathBuf,
    /// Whether its subfolders are searched too.
    pub recursive: bool,
}

/// What a module path names in the search folders.
pub enum Found {
    File(PathBuf),
    /// Two files of one folder's tree declare it.
    Ambiguous(PathBuf, PathBuf),
    Nothing,
}

/// The module paths declared in each search folder, read once.
pub struct Index {
    roots: Vec<(Root, Vec<(PathBuf, String)>)>,
}

impl Index {
    pub fn new(roots: &[Root]) -> Self {
        Index {
            roots: roots
                .iter()
                .map(|root| (root.clone(), declarations(root)))
                .collect(),
        }
    }

    /// The file of the module that declares `path`, searching the folders
    /// in order.
    pub fn find(&self, path: &str) -> Found {
        for (_, declared) in &self.roots {
            let mut declaring = declared
                .iter()
                .filter(|(_, declared)| declared == path)
                .map(|(file, _)| file.clone());
            if let Some(first) = declaring.next() {
                return match declaring.next() {
                    Some(second) => Found::Ambiguous(first, second),
                    None => Found::File(first),
                };
            }
        }
        Found::Nothing
    }

    /// Every module path declared, with its file, in search order: what
    /// decides where an import leads, for a cache key.
    pub fn fingerprint(&self) -> String {
        let mut out = String::new();
        for (root, declared) in &self.roots {
            out.push_str(&format!("{}\n", root.dir.display()));
            for (file, path) in declared {
                out.push_str(&format!("{path} {}\n", file.display()));
            }
        }
        out
    }

    pub fn dirs(&self) -> impl Iterator<Item = &Path> {
        self.roots.iter().map(|(root, _)| root.dir.as_path())
    }
}

/// The `.wgsl` files of a root that declare a module path, sorted.
fn declarations(root: &Root) -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    let mut seen = BTreeSet::new();
    list(&root.dir, root.recursive, &["wgsl"], &mut seen, &mut files);
    files.sort();
    files
        .into_iter()
        .filter_map(|file| declared(&file).map(|path| (file, path)))
        .collect()
}

/// Every `.wesl` and `.wgsl` file under `dirs`, in order: where a WESL
/// import may lead (a module that appears may shadow one or stand where
/// none was), for a cache key.
pub fn wesl_fingerprint(dirs: &[PathBuf]) -> String {
    let mut out = String::new();
    let mut seen = BTreeSet::new();
    for dir in dirs {
        let mut files = Vec::new();
        list(dir, true, &["wesl", "wgsl"], &mut seen, &mut files);
        files.sort();
        out.push_str(&format!("{}\n", dir.display()));
        for file in files {
            out.push_str(&format!("{}\n", file.display()));
        }
    }
    out
}

fn list(
    dir: &Path,
    recursive: bool,
    extensions: &[&str],
    seen: &mut BTreeSet<PathBuf>,
    out: &mut Vec<PathBuf>,
) {
    // A link back into a folder being walked is walked once.
    let Ok(canonical) = dir.canonicalize() else {
        return;
    };
    if !seen.insert(canonical) {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if name.to_string_lossy().starts_with('.') {
            continue;
        }
        let path = entry.path();
        let Ok(meta) = std::fs::metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            if recursive {
                list(&path, recursive, extensions, seen, out);
            }
        } else if meta.is_file()
            && path
                .extension()
                .is_some_and(|e| extensions.iter().any(|x| e == *x))
        {
            out.push(path);
        }
    }
}

type Memo = HashMap<PathBuf, (u64, Option<SystemTime>, Option<String>)>;

/// The path a file declares, read again only when its size or
/// modification time changed since it was last read in this process.
fn declared(file: &Path) -> Option<String> {
    static MEMO: Mutex<Option<Memo>> = Mutex::new(None);
    let meta = std::fs::metadata(file).ok()?;
    let stamp = (meta.len(), meta.modified().ok());
    if let Some((len, modified, path)) =
        MEMO.lock().ok()?.get_or_insert_with(HashMap::new).get(file)
    {
        if (*len, *modified) == stamp {
            return path.clone();
        }
    }
    let bytes = read_regular_file(file, DEFAULT_MAX_INPUT_SIZE).ok()?;
    let path = declared_import_path(&String::from_utf8_lossy(&bytes));
    if let Ok(mut memo) = MEMO.lock() {
        memo.get_or_insert_with(HashMap::new)
            .insert(file.to_path_buf(), (stamp.0, stamp.1, path.clone()));
    }
    path
}
