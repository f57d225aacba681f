//! Which shaders of the input folder a batch compiles, and where each
//! one's outputs go: the walk of the tree, the files it skips (headers,
//! modules, what `--glob`, `--exclude` and `--shard` leave out) and the
//! output names, with the collisions refused before anything is written.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use naga::ShaderStage;

use crate::source::InputFormat;
use crate::OutputFormat;

use super::{select, BatchOptions};

/// One input and where its outputs go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The path under the input folder, which the outputs keep.
    pub relative: PathBuf,
    /// The path to read, and the name diagnostics give.
    pub input: PathBuf,
    /// Each format with its path under the output folder.
    pub outputs: Vec<(OutputFormat, PathBuf)>,
    /// Where the reflection goes under the output folder, when asked for.
    pub reflection: Option<PathBuf>,
}

impl Job {
    /// Every file the job writes under the output folder: the outputs in
    /// format order, then the reflection.
    pub fn written(&self) -> impl Iterator<Item = &PathBuf> {
        self.outputs
            .iter()
            .map(|(_, path)| path)
            .chain(&self.reflection)
    }
}

/// Why a batch cannot start.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// A folder of the input tree (or one of its entries) could not be
    /// read, for a reason other than a symbolic link that cannot be
    /// followed (those are skipped with a warning instead).
    #[error("cannot read the folder {path}: {error}")]
    Io {
        /// The folder, as given or joined under the input folder.
        path: String,
        /// What the operating system reported.
        error: std::io::Error,
    },
    /// The input folder does not exist or is not a folder.
    #[error("{path} is not a folder")]
    NotADirectory {
        /// The input folder, as given.
        path: String,
    },
    /// [`BatchOptions::formats`] is empty: there would be nothing to write.
    #[error("no output format given")]
    NoFormats,
    /// The output folder is the input folder or lies inside it, so that
    /// the outputs of one run would be compiled as inputs by the next.
    #[error("the output folder {output} is inside the input folder {input}: outputs would become inputs of the next run")]
    OutputInsideInput {
        /// The input folder, as given.
        input: String,
        /// The output folder, as given.
        output: String,
    },
    /// A pattern of [`BatchOptions::globs`] or [`BatchOptions::excludes`]
    /// is not a valid glob.
    #[error("bad glob `{pattern}`: {error}")]
    Glob {
        /// The pattern, as given.
        pattern: String,
        /// Why the glob parser refused it.
        error: String,
    },
    /// Two shaders would be written to the same output (or reflection)
    /// file, for instance `blur.wgsl` and `blur.frag.glsl` with
    /// [`OutputNames::ReplaceExtension`](super::OutputNames::ReplaceExtension). Checked over the whole tree,
    /// before a shard is taken, so that every shard refuses alike.
    #[error("{first} and {second} would both be written to {output}")]
    Collision {
        /// The shader that claimed the output first (in path order),
        /// under the input folder.
        first: String,
        /// The shader that claimed it again, under the input folder.
        second: String,
        /// The contested file, under the output folder.
        output: String,
    },
}

/// Every shader under the input folder (by extension, hidden entries
/// skipped), sorted by relative path, with its outputs.
pub fn plan(options: &BatchOptions) -> Result<Vec<Job>, PlanError> {
    plan_with_warnings(options).map(|(jobs, _)| jobs)
}

/// [`plan`], with a warning for each entry of the tree that was skipped
/// (symbolic link loops, links that cannot be followed).
pub fn plan_with_warnings(options: &BatchOptions) -> Result<(Vec<Job>, Vec<String>), PlanError> {
    plan_tree(options).map(|plan| (plan.jobs, plan.skipped))
}

/// What a run compiles, and what it leaves out.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// The shaders to compile, sorted by relative path; only those of
    /// [`BatchOptions::shard`] when one is given.
    pub jobs: Vec<Job>,
    /// A warning for each entry of the tree that was skipped (symbolic
    /// link loops, links that cannot be followed).
    pub skipped: Vec<String>,
    /// Files with a shader's extension that another shader of the tree
    /// `#include`s, which are not compiled on their own: each with the
    /// first shader found including it (both relative to the input folder).
    pub headers: Vec<(PathBuf, PathBuf)>,
    /// WGSL modules (files that declare `#define_import_path` and no entry
    /// point), which are not compiled on their own: each with the first
    /// WGSL file found importing it, if any.
    pub modules: Vec<(PathBuf, Option<PathBuf>)>,
}

/// Every shader under the input folder (by extension, `--glob` and
/// `--exclude`, hidden entries and included files skipped), sorted by
/// relative path, with its outputs.
pub fn plan_tree(options: &BatchOptions) -> Result<Plan, PlanError> {
    if options.formats.is_empty() {
        return Err(PlanError::NoFormats);
    }
    let input_dir = &options.input_dir;
    if !input_dir.is_dir() {
        return Err(PlanError::NotADirectory {
            path: input_dir.display().to_string(),
        });
    }
    let mut skip = None;
    if let (Ok(input), Ok(output)) = (
        input_dir.canonicalize(),
        absolute_lexically(&options.output_dir),
    ) {
        if output.starts_with(&input) {
            match options.output_inside_input {
                super::OutputInside::Refuse => {
                    return Err(PlanError::OutputInsideInput {
                        input: input_dir.display().to_string(),
                        output: options.output_dir.display().to_string(),
                    })
                }
                super::OutputInside::Skip => skip = Some(output),
            }
        }
    }
    let mut relatives = Vec::new();
    let mut skipped = Vec::new();
    let mut walking = vec![input_dir.canonicalize().map_err(|error| PlanError::Io {
        path: input_dir.display().to_string(),
        error,
    })?];
    collect_shaders(
        input_dir,
        Path::new(""),
        options.stage,
        skip.as_deref(),
        &mut walking,
        &mut relatives,
        &mut skipped,
    )?;
    relatives.sort();
    let included = select::headers(options, &relatives);
    let wgsl_modules = select::wgsl_modules(options, &relatives);
    let relatives = select::by_glob(options, relatives)?;
    let mut headers = Vec::new();
    let mut modules = Vec::new();
    let relatives: Vec<PathBuf> = relatives
        .into_iter()
        .filter(|relative| {
            if let Some(importer) = wgsl_modules.get(relative) {
                modules.push((relative.clone(), importer.clone()));
                return false;
            }
            match included.get(relative) {
                Some(includer) => {
                    headers.push((relative.clone(), includer.clone()));
                    false
                }
                None => true,
            }
        })
        .collect();
    let mut claimed: BTreeMap<PathBuf, PathBuf> = BTreeMap::new();
    let mut jobs = Vec::with_capacity(relatives.len());
    let mut claim =
        |out: &PathBuf, relative: &PathBuf| match claimed.insert(out.clone(), relative.clone()) {
            Some(first) if &first != relative => Err(PlanError::Collision {
                first: input_dir.join(first).display().to_string(),
                second: input_dir.join(relative).display().to_string(),
                output: options.output_dir.join(out).display().to_string(),
            }),
            _ => Ok(()),
        };
    for relative in relatives {
        let mut outputs = Vec::new();
        for &format in &options.formats {
            let out = options.output_names.output_path(&relative, format);
            claim(&out, &relative)?;
            if !outputs.iter().any(|(_, o)| o == &out) {
                outputs.push((format, out));
            }
        }
        let reflection = options
            .reflect
            .then(|| options.output_names.reflection_path(&relative));
        if let Some(out) = &reflection {
            claim(out, &relative)?;
        }
        jobs.push(Job {
            input: input_dir.join(&relative),
            relative,
            outputs,
            reflection,
        });
    }
    // After every output was claimed, so that each shard refuses the same
    // collisions as the whole tree.
    if let Some(shard) = options.shard {
        jobs.retain(|job| shard.holds(&job.relative));
    }
    Ok(Plan {
        jobs,
        skipped,
        headers,
        modules,
    })
}

/// The absolute form of a path that may not exist yet: its deepest existing
/// ancestor canonicalized, the rest appended.
fn absolute_lexically(path: &Path) -> std::io::Result<PathBuf> {
    let absolute = std::path::absolute(path)?;
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(canonical) = existing.canonicalize() {
            let mut result = canonical;
            for part in rest.iter().rev() {
                result.push(part);
            }
            return Ok(result);
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_owned());
                existing = parent;
            }
            _ => return Ok(absolute),
        }
    }
}

/// Walks the input folder, following symbolic links as a build would. A
/// link that leads back into a folder being walked (a loop) or that cannot
/// be followed (broken, or a chain too long) is skipped with a warning in
/// `skipped`; any other error reading the tree stops the plan.
fn collect_shaders(
    root: &Path,
    relative: &Path,
    stage: Option<ShaderStage>,
    skip: Option<&Path>,
    walking: &mut Vec<PathBuf>,
    out: &mut Vec<PathBuf>,
    skipped: &mut Vec<String>,
) -> Result<(), PlanError> {
    let dir = root.join(relative);
    let io = |error| PlanError::Io {
        path: dir.display().to_string(),
        error,
    };
    for entry in std::fs::read_dir(&dir).map_err(io)? {
        let entry = entry.map_err(io)?;
        let name = entry.file_name();
        if name.to_string_lossy().starts_with('.') {
            continue;
        }
        let path = relative.join(&name);
        let meta = match std::fs::metadata(entry.path()) {
            Ok(meta) => meta,
            Err(error) if entry.file_type().is_ok_and(|t| t.is_symlink()) => {
                skipped.push(format!(
                    "{}: skipped: a symbolic link that cannot be followed ({error})",
                    entry.path().display()
                ));
                continue;
            }
            Err(error) => return Err(io(error)),
        };
        if meta.is_dir() {
            let canonical = entry.path().canonicalize().map_err(io)?;
            if skip == Some(canonical.as_path()) {
                continue;
            }
            if walking.contains(&canonical) {
                skipped.push(format!(
                    "{}: skipped: a symbolic link loop (it leads back to {})",
                    entry.path().display(),
                    canonical.display()
                ));
                continue;
            }
            walking.push(canonical);
            collect_shaders(root, &path, stage, skip, walking, out, skipped)?;
            walking.pop();
        } else if InputFormat::from_path(&path, stage).is_some() {
            // Not only regular files: a FIFO or a device with a shader's
            // name fails with a message that says what it is, rather
            // than being read or silently left out.
            out.push(path);
        }
    }
    Ok(())
}
