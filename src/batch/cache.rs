//! The batch cache: compiled shaders kept under `DIR/ab/abcdef...`, keyed
//! by everything known before compiling that changes the result, with the
//! files only known after compiling (what the shader `#include`d) checked
//! by hash on every lookup.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::SystemTime;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::{hex, sha256_hex, slash_path, BatchOptions, Job, OutputEntry};
use crate::front::{self, FrontOptions};
use crate::includes;
use crate::pipeline::Compiler;
use crate::source::{read_regular_file, InputFormat, Source};
use crate::write::write_atomically_unsynced;

/// Bumped whenever what an entry holds, or what its key covers, changes.
const LAYOUT: &[u8] = b"shaderxform-batch-cache-2";

/// A compiled shader as the cache keeps it: the outputs in the job's
/// order, the report, the rendered warnings and every file it read
/// besides itself.
#[derive(Serialize, Deserialize)]
pub(super) struct CacheEntry {
    /// The shader's name when the entry was made: reports and diagnostics
    /// quote it, and a run that names the folder differently gets its own.
    pub name: String,
    pub outputs: Vec<OutputEntry>,
    pub report: serde_json::Value,
    pub rendered: String,
    pub warnings: usize,
    /// Each file the front end read besides the shader (its `#include`s),
    /// with the SHA-256 its bytes had when the entry was made.
    pub dependencies: Vec<Dependency>,
    /// Files that did not exist and would have been included had they:
    /// the places an `#include` is looked up before the one where it was
    /// found. One that appears shadows an included file.
    #[serde(default)]
    pub absent: Vec<PathBuf>,
}

#[derive(Clone, Serialize, Deserialize)]
pub(super) struct Dependency {
    pub path: PathBuf,
    pub sha256: String,
}

/// `entry.json`: the entry as JSON text and the SHA-256 of that text, so
/// that an entry changed on disk is a miss, not a result.
#[derive(Serialize, Deserialize)]
struct SealedEntry {
    sha256: String,
    entry: String,
}

/// The key: SHA-256 over the cache layout, the running program, the
/// options (passes, pass options, target features, emit options, front
/// options: defines, include folders, the GLSL front end asked for), the
/// front end that will actually read the shader and its version, the
/// formats and output paths (the reflection's too), the shader's relative
/// path and its bytes.
pub(super) fn key(
    options: &BatchOptions,
    compiler: &Compiler,
    job: &Job,
    source: &Source,
) -> String {
    let mut hasher = Sha256::new();
    let mut field = |bytes: &[u8]| {
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(bytes);
    };
    field(LAYOUT);
    field(env!("CARGO_PKG_VERSION").as_bytes());
    field(program_identity().as_bytes());
    field(installed_spirv_tools_identity().as_bytes());
    // `Options` holds only ordered collections, so its Debug form is
    // deterministic; a change of its shape comes with a new program.
    field(format!("{:?}", compiler.options()).as_bytes());
    field(format!("{:?}", options.color).as_bytes());
    field(format!("{:?}", source.format).as_bytes());
    field(front_identity(source.format, &compiler.options().front).as_bytes());
    field(wgsl_module_search(source, &compiler.options().front).as_bytes());
    for (format, path) in &job.outputs {
        field(format.extension().as_bytes());
        field(slash_path(path).as_bytes());
    }
    if let Some(path) = &job.reflection {
        field(b"reflection");
        field(slash_path(path).as_bytes());
    }
    field(slash_path(&job.relative).as_bytes());
    field(&source.bytes);
    hex(&hasher.finalize())
}

/// Which front end reads a shader of this format, with its version where
/// it is a program of its own: `auto` resolves to glslang or naga by
/// whether glslang is installed, and another glslang writes other SPIR-V.
fn front_identity(format: InputFormat, front: &FrontOptions) -> String {
    let glslang = || format!("glslang {}", glslang_version());
    match format {
        InputFormat::Glsl(_) if front::glsl_through_glslang(front) => glslang(),
        InputFormat::Glsl(_) => "naga".to_string(),
        InputFormat::Hlsl(_) => glslang(),
        _ => String::new(),
    }
}

/// For a WESL shader, every `.wesl` and `.wgsl` file of its package
/// folders; for a WGSL shader with `#import`s, every module path its
/// search folders declare and the file that declares it: a module that appears,
/// moves or changes its path may change where an import leads, which the
/// hashes of the files imported do not show. (The files imported are
/// dependencies, checked by hash like included files.)
fn wgsl_module_search(source: &Source, front: &FrontOptions) -> String {
    use crate::front::wgsl_modules;
    match source.text() {
        Some(text)
            if source.format == InputFormat::Wgsl
                && wgsl_modules::is_composed(&source.name, text) =>
        {
            wgsl_modules::search_fingerprint(&source.name, front)
        }
        _ => String::new(),
    }
}

/// What `glslangValidator --version` prints (asked once per process).
fn glslang_version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        std::process::Command::new(front::glslang::PROGRAM)
            .arg("--version")
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default()
    })
}

/// The running program's size and modification time: a shaderxform built
/// again from changed code (same version number, other output) gets keys
/// of its own.
fn program_identity() -> &'static str {
    static IDENTITY: OnceLock<String> = OnceLock::new();
    IDENTITY.get_or_init(|| {
        std::env::current_exe()
            .map(|exe| file_identity(&exe))
            .unwrap_or_default()
    })
}

/// Without SPIRV-Tools compiled in, the installed `spirv-as`, `spirv-dis`
/// and `spirv-opt` read `.spvasm` input, write `.spvasm` output and fold
/// specialization constants: each one found on PATH, by path, size and
/// modification time. Compiled in, they are part of the program.
fn installed_spirv_tools_identity() -> &'static str {
    static IDENTITY: OnceLock<String> = OnceLock::new();
    IDENTITY.get_or_init(|| {
        if cfg!(feature = "spirv-tools-compiled") {
            return String::new();
        }
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut identity = String::new();
        for name in ["spirv-as", "spirv-dis", "spirv-opt"] {
            let file = format!("{name}{}", std::env::consts::EXE_SUFFIX);
            let found = std::env::split_paths(&path)
                .map(|dir| dir.join(&file))
                .find(|candidate| candidate.is_file());
            if let Some(found) = found {
                identity.push_str(&format!("{} {}\n", found.display(), file_identity(&found)));
            }
        }
        identity
    })
}

/// A file's size and modification time.
fn file_identity(path: &Path) -> String {
    match std::fs::metadata(path) {
        Ok(meta) => {
            let modified = meta
                .modified()
                .ok()
                .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{} {modified}", meta.len())
        }
        Err(_) => String::new(),
    }
}

fn entry_dir(dir: &Path, key: &str) -> PathBuf {
    dir.join(&key[..2]).join(key)
}

/// An entry and its outputs, or `None` when it is missing, `entry.json`
/// does not hash to its seal, a file it read has changed (or is gone), or
/// any output does not hash to what the entry says: a damaged or outdated
/// entry is a miss.
pub(super) fn lookup(
    dir: &Path,
    key: &str,
    max_input_size: u64,
) -> Option<(CacheEntry, Vec<Vec<u8>>)> {
    let path = entry_dir(dir, key);
    let sealed: SealedEntry =
        serde_json::from_slice(&std::fs::read(path.join("entry.json")).ok()?).ok()?;
    if sha256_hex(sealed.entry.as_bytes()) != sealed.sha256 {
        return None;
    }
    let entry: CacheEntry = serde_json::from_str(&sealed.entry).ok()?;
    if entry.absent.iter().any(|path| path.exists()) {
        return None;
    }
    for dependency in &entry.dependencies {
        let bytes = read_regular_file(&dependency.path, max_input_size).ok()?;
        if sha256_hex(&bytes) != dependency.sha256 {
            return None;
        }
    }
    let mut outputs = Vec::with_capacity(entry.outputs.len());
    for (i, output) in entry.outputs.iter().enumerate() {
        let bytes = std::fs::read(path.join(format!("{i}.out"))).ok()?;
        if bytes.len() != output.bytes || sha256_hex(&bytes) != output.sha256 {
            return None;
        }
        outputs.push(bytes);
    }
    Some((entry, outputs))
}

/// The dependencies of a compilation with their hashes, or `None` when one
/// cannot be read or was modified after `started` (its bytes now may not
/// be the ones compiled): such a result is not cached.
pub(super) fn hash_dependencies(
    paths: &[PathBuf],
    started: SystemTime,
    max_input_size: u64,
) -> Option<Vec<Dependency>> {
    let mut out = Vec::with_capacity(paths.len());
    for path in paths {
        let path = path.canonicalize().ok()?;
        let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok()?;
        if modified >= started {
            return None;
        }
        let bytes = read_regular_file(&path, max_input_size).ok()?;
        out.push(Dependency {
            sha256: sha256_hex(&bytes),
            path,
        });
    }
    Some(out)
}

/// The files that would shadow an include had they existed: for each
/// `#include` of the shader and of the files it read, the places looked
/// up (beside the including file, then each include folder) before the
/// first that exists, as absolute paths.
pub(super) fn absent_includes(
    source: &Source,
    dependencies: &[Dependency],
    include_dirs: &[PathBuf],
    max_input_size: u64,
) -> Vec<PathBuf> {
    if !matches!(source.format, InputFormat::Glsl(_) | InputFormat::Hlsl(_)) {
        return Vec::new();
    }
    let mut texts = vec![(
        includes::own_dir(&source.name),
        String::from_utf8_lossy(&source.bytes).into_owned(),
    )];
    for dependency in dependencies {
        if let Ok(bytes) = read_regular_file(&dependency.path, max_input_size) {
            let dir = dependency
                .path
                .parent()
                .map_or_else(PathBuf::new, Path::to_path_buf);
            texts.push((dir, String::from_utf8_lossy(&bytes).into_owned()));
        }
    }
    let mut absent = Vec::new();
    for (dir, text) in &texts {
        for name in includes::directives(text) {
            for candidate in includes::candidates(dir, &name, include_dirs) {
                if candidate.exists() {
                    break;
                }
                let candidate = canonical_parent(&candidate);
                if !absent.contains(&candidate) {
                    absent.push(candidate);
                }
            }
        }
    }
    absent
}

/// A path that may not exist in the form a watcher reports it: its
/// folder canonical, when that exists.
fn canonical_parent(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    match (absolute.parent(), absolute.file_name()) {
        (Some(parent), Some(name)) => parent
            .canonicalize()
            .map_or_else(|_| absolute.clone(), |dir| dir.join(name)),
        _ => absolute,
    }
}

/// Stores an entry: the outputs first, then the sealed `entry.json`
/// atomically, so an entry is visible only once it is complete. Nothing is
/// synced to disk: a lookup checks the entry and every output against
/// their hashes, so an entry damaged by a crash is a miss, and syncing
/// would cost more than compiling.
pub(super) fn store(
    dir: &Path,
    key: &str,
    entry: &CacheEntry,
    outputs: &[Vec<u8>],
) -> Result<(), String> {
    let path = entry_dir(dir, key);
    std::fs::create_dir_all(&path).map_err(|e| e.to_string())?;
    for (i, bytes) in outputs.iter().enumerate() {
        write_atomically_unsynced(&path.join(format!("{i}.out")), bytes)?;
    }
    let text = serde_json::to_string(entry).map_err(|e| e.to_string())?;
    let sealed = SealedEntry {
        sha256: sha256_hex(text.as_bytes()),
        entry: text,
    };
    let json = serde_json::to_vec(&sealed).map_err(|e| e.to_string())?;
    write_atomically_unsynced(&path.join("entry.json"), &json)
}
