//! `validate DIR`: every shader under a folder, on one device, with one
//! line a shader and a summary. A shader validate cannot run is listed
//! with the reason and does not fail the whole.

use std::path::{Path, PathBuf};

use super::suite::{self, Suite};
use super::{Error, ShaderFormat, ValidateOptions};
use crate::InputFormat;

/// The shaders under `dir`, sorted: files with a shader extension,
/// outside hidden folders and folders named `reference` (which hold the
/// references of the shaders beside them). With the `batch` feature (the
/// command line has it), the tree is planned as `batch` and `Build` plan
/// it: files that other shaders `#include` (headers) and WGSL modules are
/// not shaders of their own and are left out.
pub fn shaders_under(dir: &Path, opts: &ValidateOptions) -> Vec<PathBuf> {
    #[cfg(feature = "batch")]
    if let Some(planned) = planned_shaders(dir, opts) {
        return planned;
    }
    #[cfg(not(feature = "batch"))]
    let _ = opts;
    walked_shaders(dir)
}

/// The shaders of `dir` as `batch` plans the tree, or `None` where it
/// cannot (an unreadable folder), for the plain walk to list.
#[cfg(feature = "batch")]
fn planned_shaders(dir: &Path, opts: &ValidateOptions) -> Option<Vec<PathBuf>> {
    use crate::batch::{plan_tree, BatchOptions, OutputInside};
    // Nothing is written: the planner's output folder only names outputs.
    let mut tree = BatchOptions::new(dir, dir.join(".shaderxform-validate"));
    tree.options = opts.options.clone();
    tree.options.front.module_dirs.push(dir.to_path_buf());
    tree.stage = opts.stage;
    tree.output_inside_input = OutputInside::Skip;
    let plan = plan_tree(&tree).ok()?;
    Some(
        plan.jobs
            .into_iter()
            .filter(|job| {
                !job.relative
                    .components()
                    .any(|c| c.as_os_str() == "reference")
            })
            .map(|job| job.input)
            .collect(),
    )
}

/// Every file with a shader extension under `dir`, hidden folders and
/// folders named `reference` left out.
fn walked_shaders(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_string();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                if !name.starts_with('.') && name != "reference" {
                    stack.push(path);
                }
            } else if kind.is_file()
                && path
                    .extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| InputFormat::EXTENSIONS.contains(&e))
            {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// How one shader of a folder fared: its verdict, its line of the
/// listing and its report, which is all a folder's report keeps (so that
/// an entry can come from another process, which validates the shaders of
/// a folder in isolation).
#[derive(Clone, Debug, PartialEq)]
pub struct FolderEntry {
    /// The shader's file.
    pub path: PathBuf,
    /// `agree`, `mismatch`, `hang`, `error` or `cannot-run`.
    verdict: String,
    /// What ran and how, for the listing.
    detail: String,
    /// The shader's report.
    json: serde_json::Value,
}

impl FolderEntry {
    /// The entry of a shader's runs, or of why none could start (a module
    /// validate cannot read, for one).
    pub fn new(path: PathBuf, result: &Result<Suite, Error>) -> Self {
        let (verdict, detail, json) = match result {
            Ok(s) => {
                let mut json = s.to_value();
                json["path"] = path.display().to_string().into();
                (s.verdict(), s.line(), json)
            }
            Err(e) => {
                let verdict = if suite::cannot_run(e) {
                    "cannot-run"
                } else {
                    "error"
                };
                let json = serde_json::json!({
                    "path": path.display().to_string(),
                    "verdict": verdict,
                    "error": e.to_string(),
                });
                (verdict, suite::first_line(&e.to_string()).to_string(), json)
            }
        };
        FolderEntry {
            path,
            verdict: verdict.to_string(),
            detail,
            json,
        }
    }

    /// The entry of a shader whose validation never answered: the process
    /// running it hung (`hang`) or ended (`error`), and `why` says how.
    pub fn lost(path: PathBuf, verdict: &'static str, why: String) -> Self {
        let json = serde_json::json!({
            "path": path.display().to_string(),
            "verdict": verdict,
            "error": why,
        });
        FolderEntry {
            path,
            verdict: verdict.to_string(),
            detail: why,
            json,
        }
    }

    /// `agree`, `mismatch`, `hang`, `error` or `cannot-run`.
    pub fn verdict(&self) -> &str {
        &self.verdict
    }

    /// The shader's line of the listing.
    pub fn line(&self) -> String {
        format!(
            "{:<10} {}: {}",
            self.verdict,
            self.path.display(),
            self.detail
        )
    }

    /// The entry as one line of JSON, which [`FolderEntry::from_record`]
    /// reads back.
    pub fn to_record(&self) -> String {
        serde_json::json!({
            "path": self.path.display().to_string(),
            "verdict": self.verdict,
            "detail": self.detail,
            "report": self.json,
        })
        .to_string()
    }

    /// The entry [`FolderEntry::to_record`] wrote.
    pub fn from_record(line: &str) -> Option<Self> {
        let v: serde_json::Value = serde_json::from_str(line).ok()?;
        Some(FolderEntry {
            path: PathBuf::from(v["path"].as_str()?),
            verdict: v["verdict"].as_str()?.to_string(),
            detail: v["detail"].as_str()?.to_string(),
            json: v["report"].clone(),
        })
    }
}

/// Every shader of a folder.
#[derive(Debug)]
pub struct FolderReport {
    /// The folder, as given.
    pub dir: String,
    /// Every shader under it, in the order of [`shaders_under`].
    pub entries: Vec<FolderEntry>,
}

/// Validates one shader of a folder: its entry, or the lack of an adapter,
/// which ends a folder's validation.
pub fn validate_shader(
    path: &Path,
    opts: &ValidateOptions,
    formats: &[ShaderFormat],
) -> Result<FolderEntry, Error> {
    match suite::validate_module(path, opts, formats) {
        Err(e @ Error::NoAdapter(_)) => Err(e),
        result => Ok(FolderEntry::new(path.to_path_buf(), &result)),
    }
}

/// Validates every shader under `dir` in this process, telling `each` of
/// every shader as it finishes. Only the lack of an adapter ends it early.
/// A shader that hangs keeps the device busy for the shaders after it:
/// the command line runs them in a fresh process after a hang.
pub fn validate_folder(
    dir: &Path,
    opts: &ValidateOptions,
    formats: &[ShaderFormat],
    mut each: impl FnMut(&FolderEntry),
) -> Result<FolderReport, Error> {
    // WGSL modules are found anywhere under the folder.
    let mut opts = opts.clone();
    opts.options.front.module_dirs.push(dir.to_path_buf());
    let opts = &opts;
    let mut entries = Vec::new();
    for path in shaders_under(dir, opts) {
        let entry = validate_shader(&path, opts, formats)?;
        each(&entry);
        entries.push(entry);
    }
    Ok(FolderReport {
        dir: dir.display().to_string(),
        entries,
    })
}

impl FolderReport {
    fn count(&self, verdict: &str) -> usize {
        self.entries
            .iter()
            .filter(|e| e.verdict() == verdict)
            .count()
    }

    /// `N shaders: A agree, M mismatch, H hang, C cannot run, E errors`,
    /// and `, D nondeterministic` where a reference raced.
    pub fn summary(&self) -> String {
        let nondeterministic = match self.count("nondeterministic") {
            0 => String::new(),
            n => format!(", {n} nondeterministic"),
        };
        format!(
            "{} shaders: {} agree, {} mismatch, {} hang, {} cannot run, {} errors{nondeterministic}\n",
            self.entries.len(),
            self.count("agree"),
            self.count("mismatch"),
            self.count("hang"),
            self.count("cannot-run"),
            self.count("error")
        )
    }

    /// Whether a shader's run hung, leaving the device busy: the caller
    /// should exit soon after.
    pub fn hung(&self) -> bool {
        self.count("hang") > 0
    }

    /// 3 when a shader disagreed or hung, else 1 when one failed for
    /// another reason than validate's own limits or its reference raced,
    /// else 0.
    pub fn exit_code(&self) -> i32 {
        if self.count("mismatch") + self.count("hang") > 0 {
            super::exit::MISMATCH
        } else if self.count("error") + self.count("nondeterministic") > 0 {
            super::exit::INPUT
        } else {
            super::exit::AGREE
        }
    }

    /// The JSON of `validate DIR --report`: `dir`, `verdict`, `summary`
    /// and every shader's report under `shaders`, ending in a newline.
    pub fn to_json(&self) -> String {
        let value = serde_json::json!({
            "tool": "shaderxform",
            "command": "validate",
            "version": env!("CARGO_PKG_VERSION"),
            "dir": self.dir,
            "verdict": match self.exit_code() {
                0 => "agree",
                3 => "mismatch",
                _ => "error",
            },
            "summary": {
                "shaders": self.entries.len(),
                "agree": self.count("agree"),
                "mismatch": self.count("mismatch"),
                "hang": self.count("hang"),
                "cannot_run": self.count("cannot-run"),
                "error": self.count("error"),
                "nondeterministic": self.count("nondeterministic"),
            },
            "shaders": self.entries.iter().map(|e| e.json.clone()).collect::<Vec<_>>(),
        });
        serde_json::to_string_pretty(&value).expect("the report serializes") + "\n"
    }
}
