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
        let compiler = Compiler::new(options).map_err(|failure| {
            setup(
                failure
                    .diagnostics
                    .iter()
                    .map(|d| d.message.clone())
                    .collect::<Vec<_>>()
                    .join("; "),
            )
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
mod tests {
    use super::*;

    const GOOD: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = data[id.x] * 2u;
}
";

    #[test]
    fn writes_matching_shaders_and_tells_cargo_about_every_input() {
        let dir = tempfile::tempdir().unwrap();
        let shaders = dir.path().join("shaders");
        std::fs::create_dir_all(shaders.join("sub")).unwrap();
        std::fs::write(shaders.join("sub/double.wgsl"), GOOD).unwrap();
        std::fs::write(shaders.join("notes.txt"), "not a shader").unwrap();
        let out = dir.path().join("out");
        let mut cargo = Vec::new();
        let built = Build::new(&shaders)
            .glob("**/*.wgsl")
            .emit(OutputFormat::Wgsl)
            .emit(OutputFormat::SpirvBinary)
            .out_dir(&out)
            .run_with(&mut cargo)
            .unwrap();
        let cargo = String::from_utf8(cargo).unwrap();
        assert!(cargo.contains(&format!("cargo:rerun-if-changed={}\n", shaders.display())));
        assert!(cargo.contains(&format!(
            "cargo:rerun-if-changed={}\n",
            shaders.join("sub/double.wgsl").display()
        )));
        assert!(!cargo.contains("notes.txt"), "{cargo}");
        assert_eq!(built.len(), 1);
        assert!(std::fs::read_to_string(out.join("sub/double.wgsl"))
            .unwrap()
            .contains("fn main"));
        let spirv = std::fs::read(out.join("sub/double.spv")).unwrap();
        assert_eq!(spirv[..4], 0x0723_0203u32.to_le_bytes());
    }

    /// `workgroupBarrier()` at line 8, column 9, inside `if (lid < 32u)`.
    const DIVERGENT: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;
var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    tile[lid] = data[lid];
    if (lid < 32u) {
        workgroupBarrier();
        data[lid] = tile[63u - lid];
    }
}
";

    #[test]
    fn a_divergent_barrier_is_a_warning_when_hoisted_and_an_error_otherwise() {
        let dir = tempfile::tempdir().unwrap();
        let shaders = dir.path().join("shaders");
        std::fs::create_dir(&shaders).unwrap();
        std::fs::write(shaders.join("div.wgsl"), DIVERGENT).unwrap();
        let out = dir.path().join("out");
        let build = Build::new(&shaders).emit(OutputFormat::Wgsl).out_dir(&out);

        let mut cargo = Vec::new();
        build.clone().run_with(&mut cargo).unwrap();
        let cargo = String::from_utf8(cargo).unwrap();
        assert!(
            cargo.contains(
                "div.wgsl:8:9: warning: `workgroupBarrier` is reached in non-uniform control flow"
            ),
            "{cargo}"
        );
        assert!(
            cargo.lines().any(|l| l.starts_with("cargo:warning=")),
            "{cargo}"
        );
        assert!(out.join("div.wgsl").is_file());
        std::fs::remove_dir_all(&out).unwrap();

        let error = build
            .clone()
            .passes(PassSelection::None)
            .run_with(&mut Vec::new())
            .unwrap_err();
        assert_eq!(error.failed, 1);
        assert!(
            error
                .rendered
                .contains("error[uniformity::divergent-barrier]")
                && error.rendered.contains("div.wgsl:8:9"),
            "{}",
            error.rendered
        );
        assert!(!out.join("div.wgsl").exists());

        // Accepted: no `cargo:warning`, and not denied.
        let mut cargo = Vec::new();
        build
            .clone()
            .allow(shaderxform_passes::codes::HOIST_BARRIERS_DIVERGENT_BARRIER)
            .deny_warnings(true)
            .run_with(&mut cargo)
            .unwrap();
        let cargo = String::from_utf8(cargo).unwrap();
        assert!(!cargo.contains("cargo:warning="), "{cargo}");
        std::fs::remove_dir_all(&out).unwrap();

        let denied = build
            .deny_warnings(true)
            .run_with(&mut Vec::new())
            .unwrap_err();
        assert_eq!(denied.failed, 1);
        assert!(
            denied
                .rendered
                .contains("error[hoist-barriers::divergent-barrier]")
                && denied.rendered.contains("div.wgsl:8:9")
                && denied.rendered.contains("fixed by hoist-barriers"),
            "{}",
            denied.rendered
        );
        assert!(!out.join("div.wgsl").exists());
    }

    #[test]
    fn included_files_are_rerun_triggers() {
        if !crate::front::glslang::available() {
            eprintln!("skipped: glslangValidator is not installed");
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let shaders = dir.path().join("shaders");
        std::fs::create_dir_all(shaders.join("include")).unwrap();
        std::fs::write(
            shaders.join("include/scale.glsl.h"),
            "const float SCALE = 2.0;\n",
        )
        .unwrap();
        std::fs::write(
            shaders.join("scale.comp"),
            "#version 450\n#include \"include/scale.glsl.h\"\nlayout(local_size_x = 64) in;\nlayout(binding = 0) buffer B { float v[]; };\nvoid main() { v[gl_GlobalInvocationID.x] *= SCALE; }\n",
        )
        .unwrap();
        let mut cargo = Vec::new();
        Build::new(&shaders)
            .glob("*.comp")
            .out_dir(dir.path().join("out"))
            .run_with(&mut cargo)
            .unwrap();
        let cargo = String::from_utf8(cargo).unwrap();
        assert!(
            cargo
                .lines()
                .any(|l| l.starts_with("cargo:rerun-if-changed=")
                    && l.ends_with("include/scale.glsl.h")),
            "{cargo}"
        );
    }

    /// An engine-shaped tree: a vertex and a fragment stage of one name,
    /// a header they include, an HLSL compute shader whose entry point is
    /// `CSMain` (named nowhere), a WGSL module and a shader importing it.
    /// Each shader gets its own outputs (the stage kept, as glslc and
    /// `batch` name them), the header and the module none, and the outputs
    /// are byte for byte those of `batch`.
    #[test]
    fn a_stage_pair_gets_two_outputs_and_a_header_none_as_batch_writes_them() {
        if !crate::front::glslang::available() {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let shaders = dir.path().join("shaders");
        std::fs::create_dir_all(shaders.join("include")).unwrap();
        std::fs::create_dir_all(shaders.join("lib")).unwrap();
        std::fs::write(
            shaders.join("include/common.glsl"),
            "const float SCALE = 0.5;\n",
        )
        .unwrap();
        std::fs::write(
            shaders.join("blit.vert"),
            "#version 450\n#include \"include/common.glsl\"\nlayout(location = 0) out vec2 uv;\nvoid main() { uv = vec2(gl_VertexIndex & 1, gl_VertexIndex >> 1) * SCALE; gl_Position = vec4(uv, 0.0, 1.0); }\n",
        )
        .unwrap();
        std::fs::write(
            shaders.join("blit.frag"),
            "#version 450\n#include \"include/common.glsl\"\nlayout(location = 0) in vec2 uv;\nlayout(location = 0) out vec4 color;\nvoid main() { color = vec4(uv * SCALE, 0.0, 1.0); }\n",
        )
        .unwrap();
        std::fs::write(
            shaders.join("lib/view.wgsl"),
            "#define_import_path game::view\nconst SCALE: u32 = 3u;\n",
        )
        .unwrap();
        std::fs::write(
            shaders.join("scale.wgsl"),
            "#import game::view::SCALE\n@group(0) @binding(0) var<storage, read_write> v: array<u32>;\n@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) id: vec3<u32>) { v[id.x] *= SCALE; }\n",
        )
        .unwrap();
        // An HLSL compute shader whose entry point is `CSMain`, unnamed.
        std::fs::write(
            shaders.join("cull.hlsl"),
            "RWStructuredBuffer<uint> counts : register(u0);\n[numthreads(64, 1, 1)]\nvoid CSMain(uint3 id : SV_DispatchThreadID) { counts[id.x] += 1; }\n",
        )
        .unwrap();
        let formats = [OutputFormat::SpirvBinary, OutputFormat::Wgsl];
        let mut build = Build::new(&shaders)
            .out_dir(dir.path().join("built"))
            .rust_module("shaders.rs");
        for format in formats {
            build = build.emit(format);
        }
        let built = build.run_with(&mut Vec::new()).unwrap();
        let names: Vec<String> = built
            .iter()
            .flat_map(|b| &b.outputs)
            .map(|p| {
                p.strip_prefix(dir.path().join("built"))
                    .unwrap()
                    .display()
                    .to_string()
            })
            .collect();
        assert_eq!(
            names,
            [
                "blit.frag.spv",
                "blit.frag.wgsl",
                "blit.vert.spv",
                "blit.vert.wgsl",
                "cull.spv",
                "cull.wgsl",
                "scale.spv",
                "scale.wgsl"
            ],
            "each shader its own outputs, no header or module compiled"
        );
        let vertex = std::fs::read_to_string(dir.path().join("built/blit.vert.wgsl")).unwrap();
        let fragment = std::fs::read_to_string(dir.path().join("built/blit.frag.wgsl")).unwrap();
        assert!(
            vertex.contains("@vertex") && !vertex.contains("@fragment"),
            "{vertex}"
        );
        assert!(
            fragment.contains("@fragment") && !fragment.contains("@vertex"),
            "{fragment}"
        );
        let module = std::fs::read_to_string(dir.path().join("built/shaders.rs")).unwrap();
        assert!(
            module.contains("pub mod blit_vert") && module.contains("pub mod blit_frag"),
            "{module}"
        );
        let cull = std::fs::read_to_string(dir.path().join("built/cull.wgsl")).unwrap();
        assert!(cull.contains("fn CSMain("), "{cull}");

        let mut batch = crate::batch::BatchOptions::new(&shaders, dir.path().join("batched"));
        batch.formats = formats.to_vec();
        batch.options.front.module_dirs.push(shaders.clone());
        let compiler = Compiler::new(batch.options.clone()).unwrap();
        let jobs = crate::batch::plan(&batch).unwrap();
        let result = crate::batch::run(&batch, &compiler, &jobs, &|_, _| {});
        assert_eq!(result.failed(), 0);
        for name in names {
            assert_eq!(
                std::fs::read(dir.path().join("built").join(&name)).unwrap(),
                std::fs::read(dir.path().join("batched").join(&name)).unwrap(),
                "{name}"
            );
        }
    }

    /// An item of an imported WGSL module keeps its source name, with the
    /// module's path, in the reflection and the generated Rust module:
    /// never the name naga_oil's renaming gives it.
    #[test]
    fn imported_items_are_named_by_their_source_path() {
        let dir = tempfile::tempdir().unwrap();
        let shaders = dir.path().join("shaders");
        std::fs::create_dir_all(shaders.join("lib")).unwrap();
        std::fs::write(
            shaders.join("lib/view.wgsl"),
            "#define_import_path game::view\nstruct View { scale: f32, offset: f32, }\n@group(0) @binding(1) var<uniform> view: View;\n",
        )
        .unwrap();
        std::fs::write(
            shaders.join("apply.wgsl"),
            "#import game::view::view\n@group(0) @binding(0) var<storage, read_write> v: array<f32>;\n@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) id: vec3<u32>) { v[id.x] = v[id.x] * view.scale + view.offset; }\n",
        )
        .unwrap();
        let built = Build::new(&shaders)
            .out_dir(dir.path().join("out"))
            .rust_module("shaders.rs")
            .run_with(&mut Vec::new())
            .unwrap();
        let names: Vec<&str> = built[0]
            .reflection
            .bindings
            .iter()
            .map(|b| b.name.as_str())
            .collect();
        assert_eq!(names, ["v", "game::view::view"]);
        let module = std::fs::read_to_string(dir.path().join("out/shaders.rs")).unwrap();
        assert!(!module.contains("naga_oil"), "{module}");
        assert!(module.contains("pub mod game_view_view"), "{module}");
    }

    #[test]
    fn an_excluded_shader_is_not_built() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("shaders/wip")).unwrap();
        std::fs::write(dir.path().join("shaders/a.wgsl"), GOOD).unwrap();
        std::fs::write(dir.path().join("shaders/wip/b.wgsl"), "fn broken( {\n").unwrap();
        let built = Build::new(dir.path().join("shaders"))
            .exclude("wip/**")
            .out_dir(dir.path().join("out"))
            .run_with(&mut Vec::new())
            .unwrap();
        assert_eq!(built.len(), 1);
        assert!(built[0].input.ends_with("a.wgsl"));
    }

    #[test]
    fn wgsl_modules_are_imported_not_compiled_and_are_rerun_triggers() {
        let dir = tempfile::tempdir().unwrap();
        let shaders = dir.path().join("shaders");
        std::fs::create_dir_all(shaders.join("lib")).unwrap();
        std::fs::write(
            shaders.join("lib/scale.wgsl"),
            "#define_import_path app::scale\nconst SCALE: u32 = #{SCALE};\n",
        )
        .unwrap();
        std::fs::write(
            shaders.join("double.wgsl"),
            "#import app::scale::SCALE\n@group(0) @binding(0) var<storage, read_write> v: array<u32>;\n@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) id: vec3<u32>) { v[id.x] *= SCALE; }\n",
        )
        .unwrap();
        let mut cargo = Vec::new();
        let built = Build::new(&shaders)
            .front_options(crate::front::FrontOptions {
                defines: vec![("SCALE".into(), Some("2u".into()))],
                ..Default::default()
            })
            .emit(OutputFormat::Wgsl)
            .out_dir(dir.path().join("out"))
            .run_with(&mut cargo)
            .unwrap();
        assert_eq!(built.len(), 1, "only the shader is compiled");
        let wgsl = std::fs::read_to_string(dir.path().join("out/double.wgsl")).unwrap();
        assert!(wgsl.contains("= 2u;"), "{wgsl}");
        let cargo = String::from_utf8(cargo).unwrap();
        assert!(
            cargo
                .lines()
                .any(|l| l.starts_with("cargo:rerun-if-changed=") && l.ends_with("lib/scale.wgsl")),
            "{cargo}"
        );
    }

    #[test]
    fn an_error_renders_every_failing_shader_with_its_position() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("a.wgsl"),
            "fn f() -> i32 {\n  return x +;\n}\n",
        )
        .unwrap();
        std::fs::write(dir.path().join("b.wgsl"), GOOD).unwrap();
        std::fs::write(dir.path().join("c.wgsl"), "fn g( {\n").unwrap();
        let error = Build::new(dir.path())
            .out_dir(dir.path().join("out"))
            .run_with(&mut Vec::new())
            .unwrap_err();
        assert_eq!(error.failed, 2);
        assert!(error.rendered.contains("a.wgsl:2:"), "{}", error.rendered);
        assert!(error.rendered.contains("c.wgsl:1:"), "{}", error.rendered);
        assert!(dir.path().join("out/b.spv").is_file());
    }

    #[test]
    fn wgsl_for_wgpu_leaves_out_the_directive_naga_refuses() {
        let dir = tempfile::tempdir().unwrap();
        let subgroup = "@group(0) @binding(0) var<storage, read_write> out: array<u32>;\n@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) id: vec3<u32>) {\n  out[id.x] = subgroupAdd(id.x);\n}\n";
        std::fs::write(dir.path().join("sum.wgsl"), subgroup).unwrap();
        for (reader, directive) in [(WgslTarget::Tint, true), (WgslTarget::Wgpu, false)] {
            let out = dir.path().join(reader.name());
            Build::new(dir.path())
                .glob("*.wgsl")
                .emit(OutputFormat::Wgsl)
                .passes(PassSelection::None)
                .target(Target {
                    subgroups: true,
                    ..Target::default()
                })
                .wgsl_for(reader)
                .out_dir(&out)
                .run_with(&mut Vec::new())
                .unwrap();
            let wgsl = std::fs::read_to_string(out.join("sum.wgsl")).unwrap();
            assert_eq!(wgsl.contains("enable subgroups;"), directive, "{wgsl}");
            assert!(wgsl.contains("subgroupAdd"), "{wgsl}");
        }
    }

    /// A storage image declared without a format needs one given.
    #[test]
    fn storage_formats_reach_the_front_end() {
        if !crate::front::glslang::available() {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("fill.comp"),
            "#version 450\nlayout(local_size_x = 8, local_size_y = 8) in;\nlayout(binding = 0) uniform writeonly image2D canvas;\nvoid main() { imageStore(canvas, ivec2(gl_GlobalInvocationID.xy), vec4(1.0)); }\n",
        )
        .unwrap();
        let build = Build::new(dir.path())
            .emit(OutputFormat::Wgsl)
            .out_dir(dir.path().join("out"))
            .front_options(crate::front::FrontOptions {
                glsl_front: crate::front::GlslFront::Glslang,
                ..Default::default()
            });
        let error = build.clone().run_with(&mut Vec::new()).unwrap_err();
        assert!(
            error
                .rendered
                .contains("storage image `canvas` declares no format"),
            "{}",
            error.rendered
        );
        build
            .storage_format("canvas", naga::StorageFormat::Rgba16Float)
            .run_with(&mut Vec::new())
            .unwrap();
        let wgsl = std::fs::read_to_string(dir.path().join("out/fill.comp.wgsl")).unwrap();
        assert!(
            wgsl.contains("var canvas: texture_storage_2d<rgba16float,write>;"),
            "{wgsl}"
        );
    }
}
