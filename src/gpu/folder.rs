//! `validate DIR`: every shader under a folder, on one device, with one
//! line a shader and a summary. A shader validate cannot run is listed
//! with the reason and does not fail the whole.

use std::path::{Path, PathBuf};

use super::suite::{self, Suite};
use super::{Error, ShaderFormat, ValidateOptions};
use crate::InputFormat;

/// The shaders under `dir`, sorted: files with a shader extension,
/// outside hidden folders and folders named `reference` (which hold the
/// references of the shaders beside them).
pub fn shaders_under(dir: &Path) -> Vec<PathBuf> {
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

/// How one shader of a folder fared.
#[derive(Debug)]
pub struct FolderEntry {
    /// The shader's file.
    pub path: PathBuf,
    /// Its runs, or why none could start (a module validate cannot read,
    /// for one).
    pub result: Result<Suite, Error>,
}

impl FolderEntry {
    /// `agree`, `mismatch`, `hang`, `error` or `cannot-run`.
    pub fn verdict(&self) -> &'static str {
        match &self.result {
            Ok(s) => s.verdict(),
            Err(e) if suite::cannot_run(e) => "cannot-run",
            Err(_) => "error",
        }
    }

    /// The shader's line of the listing.
    pub fn line(&self) -> String {
        let detail = match &self.result {
            Ok(s) => s.line(),
            Err(e) => suite::first_line(&e.to_string()).to_string(),
        };
        format!("{:<10} {}: {detail}", self.verdict(), self.path.display())
    }

    fn json(&self) -> serde_json::Value {
        match &self.result {
            Ok(s) => {
                let mut v = s.to_value();
                v["path"] = self.path.display().to_string().into();
                v
            }
            Err(e) => serde_json::json!({
                "path": self.path.display().to_string(),
                "verdict": self.verdict(),
                "error": e.to_string(),
            }),
        }
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

/// Validates every shader under `dir`, telling `each` of every shader as
/// it finishes. Only the lack of an adapter ends it early.
pub fn validate_folder(
    dir: &Path,
    opts: &ValidateOptions,
    formats: &[ShaderFormat],
    mut each: impl FnMut(&FolderEntry),
) -> Result<FolderReport, Error> {
    let mut entries = Vec::new();
    for path in shaders_under(dir) {
        let result = match suite::validate_module(&path, opts, formats) {
            Err(e @ Error::NoAdapter(_)) => return Err(e),
            other => other,
        };
        let entry = FolderEntry { path, result };
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

    /// `N shaders: A agree, M mismatch, H hang, C cannot run, E errors`.
    pub fn summary(&self) -> String {
        format!(
            "{} shaders: {} agree, {} mismatch, {} hang, {} cannot run, {} errors\n",
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
    /// another reason than validate's own limits, else 0.
    pub fn exit_code(&self) -> i32 {
        if self.count("mismatch") + self.count("hang") > 0 {
            super::exit::MISMATCH
        } else if self.count("error") > 0 {
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
            },
            "shaders": self.entries.iter().map(|e| e.json()).collect::<Vec<_>>(),
        });
        serde_json::to_string_pretty(&value).expect("the report serializes") + "\n"
    }
}
