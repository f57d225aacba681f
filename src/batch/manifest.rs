//! The manifest of a batch run: every shader with its outputs and its
//! report, written atomically beside the outputs.

use std::path::Path;

use serde::Serialize;

use super::{slash_path, BatchOptions, BatchResult, OutputEntry};
use crate::write::write_atomically;

impl BatchResult {
    /// The manifest: every shader in relative-path order with its outputs
    /// (path, format, size, SHA-256) and its report. It depends only on the
    /// inputs and options, never on timing, the cache or the thread count.
    pub fn manifest(&self, options: &BatchOptions) -> String {
        #[derive(Serialize)]
        struct Manifest<'a> {
            tool: &'static str,
            version: &'static str,
            input_dir: String,
            formats: Vec<&'static str>,
            /// `K/N` when only that share of the tree was compiled.
            #[serde(skip_serializing_if = "Option::is_none")]
            shard: Option<String>,
            summary: Summary,
            shaders: Vec<ShaderEntry<'a>>,
        }
        #[derive(Serialize)]
        struct Summary {
            shaders: usize,
            succeeded: usize,
            failed: usize,
        }
        #[derive(Serialize)]
        struct ShaderEntry<'a> {
            input: String,
            success: bool,
            outputs: &'a [OutputEntry],
            report: &'a serde_json::Value,
        }
        let manifest = Manifest {
            tool: "shaderxform",
            version: env!("CARGO_PKG_VERSION"),
            input_dir: options.input_dir.display().to_string(),
            formats: options.formats.iter().map(|f| f.extension()).collect(),
            shard: options.shard.map(|s| s.to_string()),
            summary: Summary {
                shaders: self.shaders.len(),
                succeeded: self.shaders.len() - self.failed(),
                failed: self.failed(),
            },
            shaders: self
                .shaders
                .iter()
                .map(|s| ShaderEntry {
                    input: slash_path(&s.job.relative),
                    success: !s.failed(),
                    outputs: &s.outputs,
                    report: &s.report,
                })
                .collect(),
        };
        let mut text = serde_json::to_string_pretty(&manifest).expect("a manifest serializes");
        text.push('\n');
        text
    }
}

/// Writes the manifest atomically.
pub fn write_manifest(
    path: &Path,
    result: &BatchResult,
    options: &BatchOptions,
) -> Result<(), String> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {}", parent.display(), e.kind()))?;
    }
    write_atomically(path, result.manifest(options).as_bytes())
}
