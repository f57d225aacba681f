//! Shaders from a build script: every shader under a folder that matches
//! the globs is transformed into `OUT_DIR` (same relative paths), cargo is
//! told to run the script again when any of them changes, warnings become
//! `cargo:warning`s, and an error fails the build with the diagnostics
//! rendered like rustc's.
//!
//! ```no_run
//! // build.rs
//! use shaderxform::build::Build;
//! use shaderxform::OutputFormat;
//!
//! fn main() {
//!     Build::new("shaders")
//!         .glob("**/*.wgsl")
//!         .emit(OutputFormat::SpirvBinary)
//!         .emit(OutputFormat::Wgsl)
//!         .pass_option("float-atomics", "strategy", "ordered")
//!         .compile();
//! }
//! ```
//!
//! The crate is then used with `default-features = false, features =
//! ["build"]`, which leaves out the command line, the GPU harness and
//! SPIRV-Tools' C++: SPIR-V is then checked by the `spirv-val` installed on
//! the machine, or by naga alone where there is none (a `cargo:warning`
//! says so). [`Built::validators`] names the validators of each shader.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::batch::plan_tree;
use crate::batch::BatchOptions;
use crate::diagnostics::{render, ColorChoice, Diagnostic, DiagnosticJson};
use crate::pipeline::{Compiler, Options};
use crate::reflect::rust_module::{self, RustModuleOptions};
use crate::source::Source;
use crate::spirv_tools::{touches_spirv, Validators};
use crate::write::write_atomically;
use crate::{EmitOptions, OutputFormat, PassSelection, Target, WgslTarget};

/// What to transform and how; see the module documentation.
#[derive(Clone, Debug)]
pub struct Build {
    dir: PathBuf,
    globs: Vec<String>,
    excludes: Vec<String>,
    formats: Vec<OutputFormat>,
    options: Options,
    stage: Option<naga::ShaderStage>,
    out_dir: Option<PathBuf>,
    rust_module: Option<PathBuf>,
    rust_module_options: RustModuleOptions,
}

/// One shader written by a build. Fields may be added in any version.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq)]
pub struct Built {
    /// The shader read, under the build's folder.
    pub input: PathBuf,
    /// The outputs, in the order of the formats.
    pub outputs: Vec<PathBuf>,
    /// The validators that checked the shader and its outputs.
    pub validators: Validators,
    /// The interface of the outputs: bindings, layouts, and for a buffer
    /// that `float-atomics` rewrote, its encoding and the words to clear it
    /// to (read them with the `shaderxform-host` crate).
    pub reflection: crate::Reflection,
}

/// Why a build failed: every shader's diagnostics, rendered.
#[non_exhaustive]
#[derive(Debug, thiserror::Error)]
#[error("{rendered}")]
pub struct BuildError {
    /// Every failed shader's diagnostics (its warnings too), rendered like
    /// rustc's without colour; or the one error that stopped the build
    /// before any shader (`OUT_DIR` unset, a bad glob, bad options).
    pub rendered: String,
    /// How many shaders failed; 0 when the build stopped before any.
    pub failed: usize,
}

impl Build {
    /// Every shader under `dir` (by extension), written as SPIR-V, with
    /// every pass; relative paths are from the package root, as cargo runs
    /// build scripts there.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Build {
            dir: dir.into(),
            globs: Vec::new(),
            excludes: Vec::new(),
            formats: Vec::new(),
            options: Options::default(),
            stage: None,
            out_dir: None,
            rust_module: None,
            rust_module_options: RustModuleOptions::default(),
        }
    }

    /// Only shaders whose path under the folder matches (`**/*.wgsl`,
    /// `compute/*.comp`); may be given several times.
    pub fn glob(mut self, pattern: impl Into<String>) -> Self {
        self.globs.push(pattern.into());
        self
    }

    /// Accepts the warnings and notes with this diagnostic code
    /// (`hoist-barriers::divergent-barrier`, see docs/diagnostics.md): no
    /// `cargo:warning` for them on each build, and `deny_warnings` does
    /// not deny them. Errors are never accepted.
    pub fn allow(mut self, code: impl Into<String>) -> Self {
        self.options.allow.push(code.into());
        self
    }

    /// Makes the warnings and notes with this diagnostic code errors: a
    /// shader with one fails the build (`--deny CODE`). A code that
    /// shaderxform does not report fails the build too, as a misspelling.
    pub fn deny(mut self, code: impl Into<String>) -> Self {
        self.options.deny.push(code.into());
        self
    }

    /// Leaves out shaders whose path under the folder matches
    /// (`vendor/**`, `**/*.test.wgsl`); may be given several times.
    /// Files that other shaders `#include` and WGSL modules are left out
    /// without one.
    pub fn exclude(mut self, pattern: impl Into<String>) -> Self {
        self.excludes.push(pattern.into());
        self
    }

    /// An output format; may be given several times [default: SPIR-V].
    pub fn emit(mut self, format: OutputFormat) -> Self {
        if !self.formats.contains(&format) {
            self.formats.push(format);
        }
        self
    }

    /// Which passes run [default: all that apply].
    pub fn passes(mut self, passes: PassSelection) -> Self {
        self.options.passes = passes;
        self
    }

    /// Sets a pass's option (`float-atomics`, `strategy`, `ordered`), as
    /// `--pass-option pass.option=value` does; checked when the build runs.
    pub fn pass_option(mut self, pass: &str, option: &str, value: &str) -> Self {
        self.options
            .pass_options
            .entry(pass.to_string())
            .or_default()
            .insert(option.to_string(), value.to_string());
        self
    }

    /// What the target supports beyond the baseline (`--features`).
    pub fn target(mut self, target: Target) -> Self {
        self.options.target = target;
        self
    }

    /// How the back ends write (versions, entry point, WGSL reader,
    /// override values).
    pub fn emit_options(mut self, emit: EmitOptions) -> Self {
        self.options.emit = emit;
        self
    }

    /// Warnings are errors: a shader with any fails the build and is not
    /// written. Without it they are `cargo:warning`s.
    pub fn deny_warnings(mut self, deny: bool) -> Self {
        self.options.deny_warnings = deny;
        self
    }

    /// The compiler that will read WGSL outputs [default: Tint]. A Rust
    /// engine on wgpu needs [`WgslTarget::Wgpu`]: naga refuses the
    /// `enable subgroups;` that Tint requires.
    pub fn wgsl_for(mut self, reader: WgslTarget) -> Self {
        self.options.emit.wgsl_for = reader;
        self
    }

    /// Which front end reads GLSL, defines and include folders.
    pub fn front_options(mut self, front: crate::front::FrontOptions) -> Self {
        self.options.front = front;
        self
    }

    /// The format of the storage image `name` where a shader declares it
    /// without one (GLSL `writeonly image2D name`): the format of the
    /// texture the host binds there; may be given for several names. Give
    /// it after [`Build::front_options`], which sets every front option.
    pub fn storage_format(mut self, name: impl Into<String>, format: naga::StorageFormat) -> Self {
        self.options
            .front
            .storage_formats
            .push((name.into(), format));
        self
    }

    /// The severity of one of WGSL's uniformity rules for every shader, as
    /// its own `diagnostic(severity, rule);` would give it (a shader's own
    /// directive for the rule holds): `Build::diagnostic(Rule::DerivativeUniformity,
    /// Severity::Warning)` lets shaders that sample in non-uniform control
    /// flow build, with a warning. Give it after [`Build::front_options`].
    pub fn diagnostic(
        mut self,
        rule: shaderxform_passes::analysis::uniformity::Rule,
        severity: naga::diagnostic_filter::Severity,
    ) -> Self {
        self.options.front.diagnostics.push((rule, severity));
        self
    }

    /// The stage of GLSL files whose extension does not say it.
    pub fn stage(mut self, stage: naga::ShaderStage) -> Self {
        self.stage = Some(stage);
        self
    }

    /// Also writes a Rust module to `file` under the output folder: for each
    /// shader a `pub mod` (named after its path: `compute/blur.wgsl` is
    /// `compute_blur`, `reduce.comp` is `reduce_comp`) with its outputs
    /// (`include_str!`/`include_bytes!`), the group, binding and minimum
    /// size of every binding, the workgroup size of every entry point, a
    /// rewritten atomic's encoding and clear words, and `#[repr(C)]` structs
    /// with the layout of every buffer type, whose sizes and offsets are
    /// asserted at compile time. Include it with
    /// `include!(concat!(env!("OUT_DIR"), "/shaders.rs"));`.
    pub fn rust_module(mut self, file: impl Into<PathBuf>) -> Self {
        self.rust_module = Some(file.into());
        self
    }

    /// The generated structs implement `bytemuck::Pod` (the crate that
    /// includes the module depends on `bytemuck`).
    pub fn rust_module_bytemuck(mut self, bytemuck: bool) -> Self {
        self.rust_module_options.bytemuck = bytemuck;
        self
    }

    /// Where to write [default: `$OUT_DIR`].
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.out_dir = Some(dir.into());
        self
    }

    /// Runs the build, panicking with the rendered diagnostics when a
    /// shader fails: what a build script wants.
    pub fn compile(&self) -> Vec<Built> {
        match self.run() {
            Ok(built) => built,
            Err(error) => panic!(
                "shaderxform: {} shader(s) failed to compile\n\n{}",
                error.failed, error.rendered
            ),
        }
    }

    /// Runs the build, with cargo's instructions on standard output.
    pub fn run(&self) -> Result<Vec<Built>, BuildError> {
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        self.run_with(&mut out)
    }

    /// Runs the build, writing cargo's instructions to `cargo`. Every
    /// shader is compiled even after one fails, so that one build shows
    /// every error.
    pub fn run_with(&self, cargo: &mut dyn Write) -> Result<Vec<Built>, BuildError> {
        let setup = |message: String| BuildError {
            rendered: format!("error: {message}\n"),
            failed: 0,
        };
        let out_dir = match &self.out_dir {
            Some(dir) => dir.clone(),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or_else(|| {
                    setup("OUT_DIR is not set: run from a build script, or give out_dir".into())
                })?,
        };
        // WGSL modules are found anywhere under the folder (before `-I`).
        let mut options = self.options.clone();
        options.front.module_dirs.push(self.dir.clone());
        let formats = if self.formats.is_empty() {
            vec![OutputFormat::SpirvBinary]
        } else {
            self.formats.clone()
        };
        // The tree as `batch` plans it: outputs named as glslc does
        // (`blit.vert.spv` beside `blit.frag.spv`), two shaders claiming
        // one output refused before anything is written, files that other
        // shaders include and WGSL modules left out.
        let mut tree = BatchOptions::new(&self.dir, &out_dir);
        tree.formats = formats.clone();
        tree.options = options.clone();
        tree.stage = self.stage;
        tree.globs = self.globs.clone();
        tree.excludes = self.excludes.clone();
        tree.output_inside_input = crate::batch::OutputInside::Skip;
        let plan = plan_tree(&tree).map_err(|e| setup(e.to_string()))?;
        // With their codes and notes, as the command line says them.
        let compiler = Compiler::new(options).map_err(|failure| BuildError {
            rendered: failure
                .diagnostics
                .iter()
                .map(|d| {
                    let code = d
                        .code
                        .as_deref()
                        .map(|c| format!("[{c}]"))
                        .unwrap_or_default();
                    let notes: String = d.notes.iter().map(|n| format!("\n = {n}")).collect();
                    format!("error{code}: {}{notes}\n", d.message)
                })
                .collect(),
            failed: 0,
        })?;

        let _ = writeln!(cargo, "cargo:rerun-if-changed={}", self.dir.display());
        for skipped in &plan.skipped {
            let _ = writeln!(cargo, "cargo:warning=shaderxform: {skipped}");
        }
        // Headers and modules are read by the shaders that use them.
        let read_only = plan
            .headers
            .iter()
            .map(|(header, _)| header)
            .chain(plan.modules.iter().map(|(module, _)| module));
        for relative in read_only {
            let _ = writeln!(
                cargo,
                "cargo:rerun-if-changed={}",
                self.dir.join(relative).display()
            );
        }

        let mut built = Vec::new();
        let mut rendered = String::new();
        let mut failed = 0;
        let mut warned_without_spirv_val = false;
        let mut rust_modules = String::new();
        for job in plan.jobs {
            let slashed = job
                .relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            let input = job.input.clone();
            let _ = writeln!(cargo, "cargo:rerun-if-changed={}", input.display());
            let source = match Source::read(&input, self.stage) {
                Ok(source) => source,
                Err(e) => {
                    failed += 1;
                    rendered.push_str(&format!("error: {e}\n"));
                    continue;
                }
            };
            let compiled = match compiler.compile(&source, &formats) {
                Ok(compiled) => compiled,
                Err(failure) => {
                    failed += 1;
                    let warnings = failure
                        .passes
                        .iter()
                        .flat_map(|p| p.diagnostics.iter().filter(|d| !d.is_error()));
                    for d in warnings.chain(&failure.diagnostics) {
                        rendered.push_str(&render(d, &source, ColorChoice::Never));
                    }
                    continue;
                }
            };
            for included in &compiled.transformed.dependencies {
                let _ = writeln!(cargo, "cargo:rerun-if-changed={}", included.display());
            }
            for d in compiled.transformed.diagnostics() {
                let _ = writeln!(cargo, "cargo:warning={}", one_line(d, &source));
            }
            let validators = Validators::for_run(source.format, &formats);
            if touches_spirv(source.format, &formats)
                && !validators.has_spirv_val()
                && !warned_without_spirv_val
            {
                warned_without_spirv_val = true;
                let _ = writeln!(
                    cargo,
                    "cargo:warning=shaderxform: SPIR-V is checked by naga alone: install SPIRV-Tools (`spirv-val` on PATH) or enable the feature `spirv-tools-compiled` for spirv-val's checks"
                );
            }
            let mut outputs = Vec::new();
            for output in &compiled.outputs {
                let Some((_, relative_out)) = job.outputs.iter().find(|(f, _)| *f == output.format)
                else {
                    continue;
                };
                let path = out_dir.join(relative_out);
                if let Err(message) = write_if_changed(&path, &output.bytes) {
                    failed += 1;
                    rendered.push_str(&format!("error: {message}\n"));
                    continue;
                }
                outputs.push(path);
            }
            let reflection = compiled.reflection();
            if self.rust_module.is_some() {
                rust_modules.push_str(&rust_module_of(
                    &slashed,
                    &compiled.transformed.module,
                    &reflection,
                    &outputs,
                    &formats,
                    self.rust_module_options,
                ));
            }
            built.push(Built {
                input,
                outputs,
                validators,
                reflection,
            });
        }
        if failed > 0 {
            return Err(BuildError { rendered, failed });
        }
        if let Some(file) = &self.rust_module {
            let text = format!(
                "// The interface of the shaders under `{}`, as shaderxform wrote them.\n// Generated by shaderxform's build API: do not edit.\n\n{rust_modules}",
                self.dir.display()
            );
            write_if_changed(&out_dir.join(file), text.as_bytes()).map_err(setup)?;
        }
        Ok(built)
    }
}

/// `file:line:col: warning: message`, as one `cargo:warning` line holds.
fn one_line(diagnostic: &Diagnostic, source: &Source) -> String {
    let json = DiagnosticJson::new(diagnostic, source);
    let position = match (json.line, json.column) {
        (Some(line), Some(column)) => format!("{}:{line}:{column}", source.name),
        _ => source.name.clone(),
    };
    format!(
        "{position}: {}: {}",
        diagnostic.severity.as_str(),
        diagnostic.message.replace('\n', " ")
    )
}

/// Leaves a file that already holds these bytes alone, so that cargo does
/// not see a change where there is none.
/// One shader's `pub mod` in the generated Rust module.
fn rust_module_of(
    slashed: &str,
    module: &naga::Module,
    reflection: &crate::Reflection,
    outputs: &[PathBuf],
    formats: &[OutputFormat],
    options: RustModuleOptions,
) -> String {
    let stem = [".wgsl", ".spv", ".spvasm", ".hlsl", ".glsl"]
        .iter()
        .find_map(|ext| slashed.strip_suffix(ext))
        .unwrap_or(slashed);
    let name = rust_module::ident(&rust_module::snake(stem));
    let included: Vec<(&str, String, bool)> = outputs
        .iter()
        .zip(formats)
        .map(|(path, format)| {
            let constant = match format {
                OutputFormat::Wgsl => "WGSL",
                OutputFormat::SpirvBinary => "SPIRV",
                OutputFormat::SpirvAssembly => "SPIRV_ASSEMBLY",
                OutputFormat::Glsl => "GLSL",
                OutputFormat::Hlsl => "HLSL",
                OutputFormat::Msl => "MSL",
            };
            let absolute = std::path::absolute(path).unwrap_or_else(|_| path.clone());
            (constant, absolute.display().to_string(), format.is_binary())
        })
        .collect();
    let items = rust_module::rust_items(module, reflection, &included, options);
    let indented: String = items
        .lines()
        .map(|l| {
            if l.is_empty() {
                "\n".to_string()
            } else {
                format!("    {l}\n")
            }
        })
        .collect();
    format!(
        "/// `{slashed}`.\n#[allow(dead_code, clippy::all)]\npub mod {name} {{\n{indented}}}\n\n"
    )
}

fn write_if_changed(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if std::fs::read(path).is_ok_and(|existing| existing == bytes) {
        return Ok(());
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {}", parent.display(), e.kind()))?;
    }
    write_atomically(path, bytes)
}

#[cfg(test)]
mod tests;
