//! A tree of shaders at once: every shader under a folder, transformed in
//! parallel into one output per format beside its relative path in the
//! output folder, with a content-addressed cache and a manifest.
//!
//! One shader failing never stops the others: its diagnostics are kept in
//! its [`ShaderResult`], its outputs are not written (and stale ones from
//! an earlier run are removed), and every other shader is still written.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use naga::ShaderStage;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::diagnostics::{render, ColorChoice, Diagnostic};
use crate::pipeline::{Compiler, Failure, Options};
use crate::report::Report;
use crate::source::{InputFormat, Source};
use crate::write::stage_file;
use crate::OutputFormat;

mod cache;
mod manifest;
mod plan;
mod select;

pub use manifest::write_manifest;
pub use plan::{plan, plan_tree, plan_with_warnings, Job, Plan, PlanError};
pub use select::Shard;

use cache::CacheEntry;

/// The manifest's file name in the output folder, unless told otherwise.
pub const MANIFEST_NAME: &str = "shaderxform-manifest.json";

/// What a batch run does.
#[derive(Clone, Debug)]
pub struct BatchOptions {
    /// The folder whose shaders are compiled, walked recursively (hidden
    /// entries skipped, symbolic links followed).
    pub input_dir: PathBuf,
    /// The folder the outputs are written to, each at its input's path
    /// relative to `input_dir`; created as needed, and refused when it
    /// lies inside `input_dir`.
    pub output_dir: PathBuf,
    /// The formats every shader is written in, in this order.
    pub formats: Vec<OutputFormat>,
    /// The front-end, pass and emitter options every shader is compiled
    /// with, as for a single file.
    pub options: Options,
    /// The stage of GLSL inputs whose extension does not say.
    pub stage: Option<ShaderStage>,
    /// Worker threads; the machine's parallelism when `None`.
    pub jobs: Option<usize>,
    /// Where compiled results are kept between runs; no cache when `None`.
    pub cache_dir: Option<PathBuf>,
    /// How diagnostics are rendered into [`ShaderResult::rendered`].
    pub color: ColorChoice,
    /// The largest shader (or included file) read, in bytes.
    pub max_input_size: u64,
    /// How output files are named.
    pub output_names: OutputNames,
    /// Only shaders whose relative path matches one of these globs are
    /// compiled; all of them when empty.
    pub globs: Vec<String>,
    /// Shaders whose relative path matches one of these globs are not.
    pub excludes: Vec<String>,
    /// Whether each shader's reflection (docs/reflection.md) is written
    /// beside its outputs, as [`OutputNames::reflection_path`] names it.
    pub reflect: bool,
    /// Only this share of the shaders is compiled (`--shard K/N`).
    pub shard: Option<Shard>,
    /// What an output folder inside the input folder means: an error (a
    /// batch's outputs would be the next run's inputs), or, for a build
    /// script whose `OUT_DIR` is under the folder it compiles, a folder
    /// the walk leaves out.
    pub output_inside_input: OutputInside,
}

/// What [`BatchOptions::output_inside_input`] does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputInside {
    /// [`PlanError::OutputInsideInput`].
    #[default]
    Refuse,
    /// The output folder is not walked.
    Skip,
}

/// How an input's relative path becomes an output's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputNames {
    /// The format's extension is appended to a GLSL stage extension, as
    /// glslc names its outputs: `blur.vert` becomes `blur.vert.spv`, so
    /// `blur.vert` and `blur.frag` do not collide. Every other extension
    /// is replaced (`blur.wgsl` becomes `blur.spv`, `blur.vert.glsl`
    /// becomes `blur.vert.spv`).
    #[default]
    KeepStage,
    /// The extension is replaced: `blur.vert` becomes `blur.spv`.
    ReplaceExtension,
}

/// GLSL's stage extensions, which `OutputNames::KeepStage` keeps.
const STAGE_EXTENSIONS: &[&str] = &["vert", "frag", "comp", "tesc", "tese", "geom"];

/// The extension of a reflection written beside the outputs. No output
/// format's extension ends in `.json`, so it cannot name an output.
pub const REFLECTION_EXTENSION: &str = "reflect.json";

impl OutputNames {
    /// The output path of `relative` in `format`.
    pub fn output_path(self, relative: &Path, format: OutputFormat) -> PathBuf {
        self.path_with_extension(relative, format.extension())
    }

    /// The path of `relative`'s reflection, named as its outputs are:
    /// `blur.vert` becomes `blur.vert.reflect.json`, `blur.wgsl`
    /// `blur.reflect.json`.
    pub fn reflection_path(self, relative: &Path) -> PathBuf {
        self.path_with_extension(relative, REFLECTION_EXTENSION)
    }

    fn path_with_extension(self, relative: &Path, extension: &str) -> PathBuf {
        let stage = relative
            .extension()
            .and_then(|e| e.to_str())
            .filter(|e| STAGE_EXTENSIONS.contains(e));
        match (self, stage) {
            (OutputNames::KeepStage, Some(_)) => {
                let mut name = relative.as_os_str().to_owned();
                name.push(".");
                name.push(extension);
                PathBuf::from(name)
            }
            _ => relative.with_extension(extension),
        }
    }
}

impl BatchOptions {
    /// Options that compile every shader under `input_dir` to SPIR-V
    /// binary in `output_dir` with the default [`Options`]: one thread per
    /// core, no cache, no colour, no glob filter, no reflection, the whole
    /// tree (no shard), outputs named by [`OutputNames::KeepStage`].
    pub fn new(input_dir: impl Into<PathBuf>, output_dir: impl Into<PathBuf>) -> Self {
        BatchOptions {
            input_dir: input_dir.into(),
            output_dir: output_dir.into(),
            formats: vec![OutputFormat::SpirvBinary],
            options: Options::default(),
            stage: None,
            jobs: None,
            cache_dir: None,
            color: ColorChoice::Never,
            max_input_size: crate::source::DEFAULT_MAX_INPUT_SIZE,
            output_names: OutputNames::default(),
            globs: Vec::new(),
            excludes: Vec::new(),
            reflect: false,
            shard: None,
            output_inside_input: OutputInside::Refuse,
        }
    }
}

/// How a shader's outputs came to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Compiled in this run.
    Compiled,
    /// Taken from the cache.
    Cached,
    /// Not written: see the diagnostics.
    Failed,
}

/// One output in the manifest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutputEntry {
    /// Relative to the output folder, `/`-separated.
    pub path: String,
    /// What the file holds: the output format's file extension (`spv`,
    /// `wgsl`, `glsl`, ...) as [`OutputFormat::extension`] gives it, or
    /// `reflection` for the reflection JSON.
    pub format: String,
    /// The file's length in bytes.
    pub bytes: usize,
    /// SHA-256 of the bytes, lower-case hex.
    pub sha256: String,
}

/// What happened to one shader.
#[derive(Clone, Debug)]
pub struct ShaderResult {
    /// The shader and the outputs it was planned to have.
    pub job: Job,
    /// Whether it was compiled, served from the cache, or failed.
    pub status: Status,
    /// Each file written (or left as it was, holding the same bytes), in
    /// the order of [`Job::written`]; empty for a shader that failed.
    pub outputs: Vec<OutputEntry>,
    /// The JSON report of the shader (as `--report` writes it), with output
    /// paths relative to the output folder.
    pub report: serde_json::Value,
    /// Every diagnostic, rendered like rustc (warnings included).
    pub rendered: String,
    /// The errors alone, rendered as in `rendered` (`shaderxform -q`).
    pub rendered_errors: String,
    /// How many of the diagnostics are not errors (warnings and notes of
    /// the front end and the passes), for a failed shader too.
    pub warnings: usize,
    /// Every file the shader read besides itself (its `#include`s), as
    /// canonical paths; empty for a shader that failed.
    pub dependencies: Vec<PathBuf>,
    /// Where an `#include` was looked up before the file found: a file
    /// created at one of these would be included instead.
    pub absent_includes: Vec<PathBuf>,
}

impl ShaderResult {
    /// Whether the shader failed (its status is [`Status::Failed`]) and so
    /// has no outputs.
    pub fn failed(&self) -> bool {
        self.status == Status::Failed
    }
}

/// What a run did, shader by shader in relative-path order.
#[derive(Clone, Debug, Default)]
pub struct BatchResult {
    /// One result per job that was run, sorted by the job's relative path.
    pub shaders: Vec<ShaderResult>,
}

impl BatchResult {
    /// How many shaders ended with `status`.
    pub fn count(&self, status: Status) -> usize {
        self.shaders.iter().filter(|s| s.status == status).count()
    }

    /// How many shaders failed; a run succeeded when this is 0.
    pub fn failed(&self) -> usize {
        self.count(Status::Failed)
    }

    /// Replaces the results of the shaders that `newer` ran and keeps the
    /// others, dropping those whose inputs are no longer in `jobs`.
    pub fn merge(&mut self, newer: BatchResult, jobs: &[Job]) {
        let mut by_path: BTreeMap<PathBuf, ShaderResult> = std::mem::take(&mut self.shaders)
            .into_iter()
            .map(|s| (s.job.relative.clone(), s))
            .collect();
        for s in newer.shaders {
            by_path.insert(s.job.relative.clone(), s);
        }
        let live: std::collections::BTreeSet<&PathBuf> = jobs.iter().map(|j| &j.relative).collect();
        self.shaders = by_path
            .into_values()
            .filter(|s| live.contains(&s.job.relative))
            .collect();
    }
}

fn slash_path(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

fn hex(digest: &[u8]) -> String {
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Runs `jobs` (all of [`plan`], or the ones that changed) on a thread
/// pool. `progress` is called once per shader as it finishes, from the
/// worker that ran it, with the number finished so far.
pub fn run(
    options: &BatchOptions,
    compiler: &Compiler,
    jobs: &[Job],
    progress: &(dyn Fn(&ShaderResult, usize) + Sync),
) -> BatchResult {
    let done = AtomicUsize::new(0);
    let work = || {
        jobs.par_iter()
            .map(|job| {
                let result = run_one(options, compiler, job);
                progress(&result, done.fetch_add(1, Ordering::Relaxed) + 1);
                result
            })
            .collect::<Vec<_>>()
    };
    let threads = options.jobs.unwrap_or(0);
    let shaders = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(work),
        // Without threads of its own the batch still runs, on the global pool.
        Err(_) => work(),
    };
    let mut result = BatchResult { shaders };
    result
        .shaders
        .sort_by(|a, b| a.job.relative.cmp(&b.job.relative));
    result
}

fn run_one(options: &BatchOptions, compiler: &Compiler, job: &Job) -> ShaderResult {
    let name = job.input.display().to_string();
    let source = match Source::read_limited(&job.input, options.stage, options.max_input_size) {
        Ok(source) => source,
        Err(error) => {
            let source = Source::new(name, InputFormat::Wgsl, Vec::new());
            let d =
                Diagnostic::error(error.to_string()).with_code(shaderxform_passes::codes::IO_READ);
            return failed(options, job, &source, Report::new(&source), &[d], &[]);
        }
    };
    let key = options
        .cache_dir
        .as_ref()
        .map(|_| cache::key(options, compiler, job, &source));
    if let (Some(dir), Some(key)) = (&options.cache_dir, &key) {
        if let Some((mut entry, outputs)) = cache::lookup(dir, key, options.max_input_size) {
            if entry.name != source.name {
                rename(&mut entry, &source.name);
            }
            return finish(options, job, &source, entry, outputs, Status::Cached);
        }
    }
    let formats: Vec<OutputFormat> = job.outputs.iter().map(|(f, _)| *f).collect();
    let mut report = Report::new(&source);
    report.set_output_formats(&source, &formats);
    let started = std::time::SystemTime::now();
    match compiler.compile(&source, &formats) {
        Ok(compiled) => {
            // Hashed only for the cache; `None` also when a dependency
            // changed during compilation, which keeps the result out of it.
            let hashed = options.cache_dir.as_ref().and_then(|_| {
                cache::hash_dependencies(
                    &compiled.transformed.dependencies,
                    started,
                    options.max_input_size,
                )
            });
            report.add_compiled(&source, &compiled);
            let warnings: Vec<&Diagnostic> = compiled.transformed.diagnostics().collect();
            let rendered: String = warnings
                .iter()
                .map(|d| render(d, &source, options.color))
                .collect();
            let mut entries = Vec::new();
            for ((format, path), output) in job.outputs.iter().zip(&compiled.outputs) {
                let path = slash_path(path);
                report.add_output(path.clone(), *format, output.bytes.len());
                entries.push(OutputEntry {
                    path,
                    format: format.extension().to_string(),
                    bytes: output.bytes.len(),
                    sha256: sha256_hex(&output.bytes),
                });
            }
            let mut outputs: Vec<Vec<u8>> = compiled.outputs.into_iter().map(|o| o.bytes).collect();
            if let (Some(path), Some(reflection)) = (&job.reflection, &report.reflection) {
                let bytes = reflection.to_json().into_bytes();
                entries.push(OutputEntry {
                    path: slash_path(path),
                    format: "reflection".to_string(),
                    bytes: bytes.len(),
                    sha256: sha256_hex(&bytes),
                });
                outputs.push(bytes);
            }
            let dependencies = hashed.clone().unwrap_or_else(|| {
                compiled
                    .transformed
                    .dependencies
                    .iter()
                    .map(|path| cache::Dependency {
                        path: path.canonicalize().unwrap_or_else(|_| path.clone()),
                        sha256: String::new(),
                    })
                    .collect()
            });
            let absent = cache::absent_includes(
                &source,
                &dependencies,
                &compiler.options().front.include_dirs,
                options.max_input_size,
            );
            let entry = CacheEntry {
                name: source.name.clone(),
                outputs: entries,
                report: serde_json::to_value(&report).expect("a report serializes"),
                rendered,
                warnings: warnings.iter().filter(|d| !d.is_error()).count(),
                absent,
                dependencies,
            };
            if let (Some(dir), Some(key), Some(_)) = (&options.cache_dir, &key, &hashed) {
                // A cache that cannot be written only costs the next run time.
                let _ = cache::store(dir, key, &entry, &outputs);
            }
            finish(options, job, &source, entry, outputs, Status::Compiled)
        }
        Err(failure) => failed_compile(options, job, &source, report, &failure),
    }
}

fn failed_compile(
    options: &BatchOptions,
    job: &Job,
    source: &Source,
    mut report: Report,
    failure: &Failure,
) -> ShaderResult {
    report.add_passes(source, &failure.passes);
    let warnings: Vec<Diagnostic> = failure
        .passes
        .iter()
        .flat_map(|p| p.diagnostics.iter().filter(|d| !d.is_error()).cloned())
        .collect();
    failed(
        options,
        job,
        source,
        report,
        &failure.diagnostics,
        &warnings,
    )
}

fn failed(
    options: &BatchOptions,
    job: &Job,
    source: &Source,
    mut report: Report,
    errors: &[Diagnostic],
    warnings: &[Diagnostic],
) -> ShaderResult {
    report.add_diagnostics(source, errors);
    report.success = false;
    let render_all = |ds: &[Diagnostic]| -> String {
        ds.iter()
            .map(|d| render(d, source, options.color))
            .collect()
    };
    let rendered_errors = render_all(errors);
    let rendered = render_all(warnings) + &rendered_errors;
    // Outputs of an earlier run would no longer match their input.
    for path in job.written() {
        let _ = std::fs::remove_file(options.output_dir.join(path));
    }
    ShaderResult {
        job: job.clone(),
        status: Status::Failed,
        outputs: Vec::new(),
        report: serde_json::to_value(&report).expect("a report serializes"),
        rendered,
        rendered_errors,
        warnings: warnings.len(),
        dependencies: Vec::new(),
        absent_includes: Vec::new(),
    }
}

/// Writes the outputs of a compiled or cached shader. An output whose file
/// already holds exactly these bytes is left alone, so that an unchanged
/// shader touches nothing (and downstream builds see no new timestamps).
fn finish(
    options: &BatchOptions,
    job: &Job,
    source: &Source,
    entry: CacheEntry,
    outputs: Vec<Vec<u8>>,
    status: Status,
) -> ShaderResult {
    let mut staged = Vec::new();
    for (relative, bytes) in job.written().zip(&outputs) {
        let path = options.output_dir.join(relative);
        if std::fs::read(&path).is_ok_and(|existing| existing == *bytes) {
            continue;
        }
        let staging = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .map_err(|e| {
                format!(
                    "cannot create the folder of {}: {}",
                    path.display(),
                    e.kind()
                )
            })
            .and_then(|()| stage_file(&path, bytes));
        match staging {
            Ok(file) => staged.push((path, file)),
            Err(message) => {
                let d = Diagnostic::error(message).with_code(shaderxform_passes::codes::IO_WRITE);
                let report = Report::new(source);
                return failed(options, job, source, report, &[d], &[]);
            }
        }
    }
    for (path, file) in staged {
        if let Err(message) = crate::write::persist(file, &path) {
            let d = Diagnostic::error(message).with_code(shaderxform_passes::codes::IO_WRITE);
            return failed(options, job, source, Report::new(source), &[d], &[]);
        }
    }
    ShaderResult {
        job: job.clone(),
        status,
        outputs: entry.outputs,
        report: entry.report,
        rendered: entry.rendered,
        rendered_errors: String::new(),
        warnings: entry.warnings,
        dependencies: entry.dependencies.into_iter().map(|d| d.path).collect(),
        absent_includes: entry.absent,
    }
}

/// Makes an entry speak of the shader by its name in this run: every string
/// of the report that is the old name, and the old name in the rendered
/// diagnostics (their `--> file:line:col` lines).
fn rename(entry: &mut CacheEntry, name: &str) {
    fn walk(value: &mut serde_json::Value, old: &str, new: &str) {
        match value {
            serde_json::Value::String(s) if s == old => *s = new.to_string(),
            serde_json::Value::Array(items) => items.iter_mut().for_each(|v| walk(v, old, new)),
            serde_json::Value::Object(fields) => {
                fields.values_mut().for_each(|v| walk(v, old, new))
            }
            _ => {}
        }
    }
    walk(&mut entry.report, &entry.name, name);
    entry.rendered = entry.rendered.replace(&entry.name, name);
    entry.name = name.to_string();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_of_nothing_is_the_known_digest() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }

    #[test]
    fn two_inputs_that_would_write_one_output_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in");
        std::fs::create_dir(&input).unwrap();
        std::fs::write(input.join("blur.wgsl"), "").unwrap();
        // `.glsl` names no stage, so it is replaced.
        std::fs::write(input.join("blur.glsl"), "").unwrap();
        let options = BatchOptions::new(&input, dir.path().join("out"));
        let error = plan(&options).unwrap_err();
        assert!(matches!(error, PlanError::Collision { .. }), "{error}");
    }

    #[test]
    fn stage_extensions_stay_in_output_names_unless_told_otherwise() {
        let spv = OutputFormat::SpirvBinary;
        let name =
            |names: OutputNames, input: &str| slash_path(&names.output_path(Path::new(input), spv));
        let keep = OutputNames::KeepStage;
        assert_eq!(name(keep, "fx/blur.vert"), "fx/blur.vert.spv");
        assert_eq!(name(keep, "fx/blur.frag"), "fx/blur.frag.spv");
        assert_eq!(name(keep, "blur.vert.glsl"), "blur.vert.spv");
        assert_eq!(name(keep, "blur.wgsl"), "blur.spv");
        assert_eq!(name(keep, "common.glsl"), "common.spv");
        let plain = OutputNames::ReplaceExtension;
        assert_eq!(name(plain, "fx/blur.vert"), "fx/blur.spv");
        // Reflections are named as the outputs are.
        let reflection =
            |names: OutputNames, input: &str| slash_path(&names.reflection_path(Path::new(input)));
        assert_eq!(
            reflection(keep, "fx/blur.vert"),
            "fx/blur.vert.reflect.json"
        );
        assert_eq!(reflection(keep, "blur.vert.glsl"), "blur.vert.reflect.json");
        assert_eq!(reflection(keep, "blur.wgsl"), "blur.reflect.json");
        assert_eq!(reflection(plain, "fx/blur.vert"), "fx/blur.reflect.json");
    }

    #[test]
    fn an_output_folder_inside_the_input_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let options = BatchOptions::new(dir.path(), dir.path().join("out"));
        assert!(matches!(
            plan(&options),
            Err(PlanError::OutputInsideInput { .. })
        ));
    }

    #[test]
    fn the_plan_is_sorted_and_keeps_relative_paths() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in");
        std::fs::create_dir_all(input.join("b/c")).unwrap();
        std::fs::write(input.join("b/c/z.wgsl"), "").unwrap();
        std::fs::write(input.join("a.comp"), "").unwrap();
        std::fs::write(input.join("notes.txt"), "").unwrap();
        std::fs::write(input.join(".hidden.wgsl"), "").unwrap();
        let mut options = BatchOptions::new(&input, dir.path().join("out"));
        options.formats = vec![OutputFormat::Wgsl, OutputFormat::SpirvBinary];
        let jobs = plan(&options).unwrap();
        let relatives: Vec<String> = jobs.iter().map(|j| slash_path(&j.relative)).collect();
        assert_eq!(relatives, ["a.comp", "b/c/z.wgsl"]);
        assert_eq!(
            jobs[1].outputs,
            [
                (OutputFormat::Wgsl, PathBuf::from("b/c/z.wgsl")),
                (OutputFormat::SpirvBinary, PathBuf::from("b/c/z.spv")),
            ]
        );
    }
}
