//! Argument parsing, file handling and printing. Everything that decides
//! what a shader becomes lives in the library.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use clap::{Args, Parser, Subcommand, ValueEnum};
use shaderxform::write::{persist, stage_file, write_atomically};
use shaderxform::{
    back, render, ColorChoice, Compiler, Diagnostic, DiagnosticJson, Failure, FailureKind,
    InputFormat, Options, Output, OutputFormat, PassSelection, Report, Source, Target,
};

mod batch;
mod files;
mod uniformity;

/// Exit codes: scripts rely on these.
pub mod exit {
    pub const OK: i32 = 0;
    /// The input is wrong or a pass refused; a diagnostic was printed.
    pub const FAILED: i32 = 1;
    pub const USAGE: i32 = 2;
}

#[derive(Parser, Debug)]
#[command(
    name = "shaderxform",
    version,
    about = "Shader source-to-source compiler: reads WGSL, SPIR-V or GLSL, runs passes on naga IR, writes WGSL, SPIR-V, GLSL, HLSL or Metal.",
    long_about = None,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = "Exit codes: 0 success (warnings included); 1 the input is wrong (a barrier in non-uniform control flow that no pass fixed, for one), a pass refused, or a warning was denied; 2 usage error; 3 GPU validation found a mismatch or a hang; 4 no GPU adapter."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    transform: TransformArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Parse, validate and analyse a shader; write nothing, print the
    /// diagnostics; exit 1 if any is an error.
    Check(CheckArgs),
    /// Run the transformed shader and a reference on a GPU adapter with the
    /// same inputs and compare every buffer they write. Exit 0 when they
    /// agree, 3 on a mismatch or a hang, 4 without an adapter, 1 when the
    /// inputs are wrong.
    #[cfg(feature = "gpu")]
    Validate(ValidateArgs),
    /// Time the transformed shader and its reference (chosen as `validate`
    /// chooses it) on a GPU adapter with the same inputs: median, quartiles
    /// and sample count in microseconds per dispatch, and the ratio of the
    /// medians. Exit 0 when measured, 4 without an adapter, 1 when the
    /// inputs are wrong.
    #[cfg(feature = "gpu")]
    Bench(BenchArgs),
    /// Transform every shader under a folder, in parallel, into one output
    /// per format under OUT_DIR (same relative paths), with a cache and a
    /// JSON manifest. A shader that fails does not stop the others; the exit
    /// code is 1 if any failed.
    Batch(BatchArgs),
    /// Answer JSON requests, one per line on standard input, with one JSON
    /// answer per line on standard output, until the input ends (see
    /// docs/serve.md).
    Serve(files::ServeArgs),
    /// List every barrier, workgroupUniformLoad and call of a function that
    /// reaches one, with the uniformity analysis' verdict and its causes,
    /// and Tint's verdict where Tint is available (see docs/uniformity-analysis.md).
    /// Exit 1 if any is non-uniform.
    Uniformity(uniformity::UniformityArgs),
}

#[derive(Args, Debug)]
struct BatchArgs {
    /// The folder to read; every shader under it (by extension) is compiled.
    #[arg(value_name = "IN_DIR")]
    input_dir: PathBuf,

    /// The folder to write, with the input's relative paths.
    #[arg(short = 'o', long = "output", value_name = "OUT_DIR")]
    output_dir: PathBuf,

    /// Output formats, comma-separated or repeated [default: spv].
    #[arg(long, value_name = "FORMAT", value_delimiter = ',', value_parser = ["wgsl", "spv", "spvasm", "glsl", "hlsl", "metal", "msl"])]
    emit: Vec<String>,

    /// Worker threads [default: one per core].
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,

    /// Keep compiled results here, keyed by the input bytes, the options and
    /// the tool version; an unchanged shader is not compiled again.
    #[arg(long, value_name = "DIR")]
    cache: Option<PathBuf>,

    /// Where to write the manifest [default: OUT_DIR/shaderxform-manifest.json].
    #[arg(long, value_name = "FILE")]
    manifest: Option<PathBuf>,

    /// After the first run, watch IN_DIR and compile again what changes,
    /// until interrupted.
    #[arg(long)]
    watch: bool,

    /// How outputs are named: `stage` keeps a GLSL stage extension, as
    /// glslc does (`blur.vert` to `blur.vert.spv`); `plain` replaces it
    /// (`blur.vert` to `blur.spv`, which `blur.frag` would collide with).
    #[arg(long, value_name = "STYLE", value_parser = ["stage", "plain"], default_value = "stage")]
    output_names: String,

    /// Compile only shaders whose path under IN_DIR matches the glob
    /// (`**/*.comp`, `fx/*`); may be given several times [default: every
    /// shader].
    #[arg(long = "glob", value_name = "GLOB")]
    globs: Vec<String>,

    /// Do not compile shaders whose path under IN_DIR matches the glob;
    /// may be given several times.
    #[arg(long = "exclude", value_name = "GLOB")]
    excludes: Vec<String>,

    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Args, Debug)]
struct TransformArgs {
    /// The shader to read: .wgsl, .spv, .spvasm, .comp/.vert/.frag, .glsl or
    /// .hlsl; `-` reads standard input (needs --input-format).
    #[arg(value_name = "IN", required = true)]
    input: Option<PathBuf>,

    /// Where to write; the format follows the extension (.wgsl, .spv, .spvasm,
    /// .glsl, .hlsl, .metal). `-` writes to standard output (needs --emit).
    /// May be given several times.
    #[arg(short = 'o', long = "output", value_name = "OUT", required = true)]
    outputs: Vec<PathBuf>,

    /// The output format, for `-o -` or to override the extension.
    #[arg(long, value_name = "FORMAT", value_parser = ["wgsl", "spv", "spvasm", "glsl", "hlsl", "metal", "msl"])]
    emit: Option<String>,

    /// Write a JSON report of the run: input, outputs, what each pass changed
    /// and every diagnostic.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,

    /// Write the interface of the shader as written, as JSON
    /// (`"schema": 1`, see docs/reflection.md): entry points, bindings
    /// with their layouts, and what the passes changed for the host.
    #[arg(long, value_name = "FILE")]
    reflect: Option<PathBuf>,

    /// Write a make rule: every output depends on every file read (the
    /// shader and what it `#include`s), with an empty rule for each
    /// included file, as `glslc -MD -MP -MF`. Written with the outputs, or
    /// not at all; it may not name the input, an output or the report.
    #[arg(long, value_name = "FILE")]
    depfile: Option<PathBuf>,

    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Args, Debug)]
struct CheckArgs {
    /// The shader to check; `-` reads standard input (needs --input-format).
    #[arg(value_name = "IN")]
    input: PathBuf,

    /// Write a JSON report of the run.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,

    #[command(flatten)]
    common: CommonArgs,
}

/// How `validate` and `bench` set up a run on the GPU.
#[cfg(feature = "gpu")]
#[derive(Args, Debug)]
struct GpuRunArgs {
    /// Workgroups of one dispatch [default: the harness's, else enough for
    /// the longest runtime array along x].
    #[arg(long, value_name = "X,Y,Z", value_parser = parse_dispatch)]
    dispatch: Option<[u32; 3]>,

    /// Elements of a binding's runtime-sized array, by name, GROUP:BINDING
    /// or BINDING [default: the harness's, else 1024]; may be given
    /// several times.
    #[arg(long = "size", value_name = "BINDING=N", value_parser = parse_size)]
    sizes: Vec<(String, u64)>,

    /// Seed of the generated inputs [default: the harness's, else 0].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// The harness [default: IN's NAME.harness.toml, if there is one].
    #[arg(long, value_name = "FILE")]
    harness: Option<PathBuf>,

    /// The reference shader [default: the harness's `reference`, else IN
    /// itself when it is valid as it is].
    #[arg(long, value_name = "FILE")]
    reference: Option<PathBuf>,

    /// The wgpu backend [default: all; WGPU_BACKEND is honoured].
    #[arg(long, value_name = "BACKEND", value_parser = ["vulkan", "metal", "dx12", "gl"])]
    backend: Option<String>,

    /// Use the adapter whose name contains NAME (case-insensitive).
    #[arg(long, value_name = "NAME")]
    adapter: Option<String>,

    /// Seconds one dispatch (one timed pass for bench) may take before it
    /// counts as a hang.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    timeout: f64,

    /// What the shaders are handed to wgpu as.
    #[arg(long, value_name = "FORMAT", value_parser = ["wgsl", "spirv"], default_value = "wgsl")]
    shader_format: String,
}

#[cfg(feature = "gpu")]
impl GpuRunArgs {
    /// The options of a GPU run, or the exit code of a usage error already
    /// printed.
    fn options(
        &self,
        input: &Path,
        common: &CommonArgs,
        printer: &Printer,
    ) -> Result<shaderxform::gpu::ValidateOptions, i32> {
        use shaderxform::gpu::{BackendChoice, ShaderFormat, ValidateOptions};
        let name = input.display().to_string();
        if !(self.timeout.is_finite() && self.timeout > 0.0) {
            printer.plain_error("--timeout must be a positive number of seconds", &name);
            return Err(exit::USAGE);
        }
        let options = options(common).map_err(|message| {
            printer.plain_error(&message, "<command line>");
            exit::USAGE
        })?;
        load(input, common, printer)?;
        let mut v = ValidateOptions::new(options);
        v.stage = stage(common);
        v.shader_format = match self.shader_format.as_str() {
            "spirv" => ShaderFormat::Spirv,
            _ => ShaderFormat::Wgsl,
        };
        v.dispatch = self.dispatch;
        v.sizes = self.sizes.clone();
        v.seed = self.seed;
        v.harness = self.harness.clone();
        v.reference = self.reference.clone();
        v.backend = self.backend.as_deref().and_then(BackendChoice::parse);
        v.adapter = self.adapter.clone();
        v.timeout = std::time::Duration::from_secs_f64(self.timeout);
        Ok(v)
    }
}

#[cfg(feature = "gpu")]
#[derive(Args, Debug)]
struct ValidateArgs {
    /// The shader to transform and validate (a compute shader).
    #[arg(value_name = "IN")]
    input: PathBuf,

    /// Write the comparison as JSON.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,

    #[command(flatten)]
    run: GpuRunArgs,

    #[command(flatten)]
    common: CommonArgs,
}

#[cfg(feature = "gpu")]
#[derive(Args, Debug)]
struct BenchArgs {
    /// The shader to transform and time (a compute shader).
    #[arg(value_name = "IN")]
    input: PathBuf,

    /// Seconds of measuring, both shaders together (at least 10 samples
    /// each are taken whatever it is).
    #[arg(long, value_name = "S", default_value_t = 2.0)]
    seconds: f64,

    /// Print the result as one JSON object.
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    run: GpuRunArgs,

    #[command(flatten)]
    common: CommonArgs,
}

#[cfg(feature = "gpu")]
fn parse_dispatch(s: &str) -> Result<[u32; 3], String> {
    let counts: Vec<u32> = s
        .split(',')
        .map(|n| n.trim().parse::<u32>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("`{s}` is not of the form X,Y,Z"))?;
    match counts.as_slice() {
        [x] => Ok([*x, 1, 1]),
        [x, y] => Ok([*x, *y, 1]),
        [x, y, z] => Ok([*x, *y, *z]),
        _ => Err(format!("`{s}` is not of the form X,Y,Z")),
    }
}

#[cfg(feature = "gpu")]
fn parse_size(s: &str) -> Result<(String, u64), String> {
    let (name, n) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}` is not of the form BINDING=N"))?;
    let n: u64 = n
        .trim()
        .parse()
        .map_err(|_| format!("`{n}` is not a number of elements"))?;
    if n == 0 {
        return Err("a runtime array needs at least one element".into());
    }
    Ok((name.trim().to_string(), n))
}

#[derive(Args, Debug)]
struct CommonArgs {
    /// Passes to run: a comma-separated list of names, `all` (every pass that
    /// applies) or `none` (translation only).
    #[arg(long, value_name = "LIST", default_value = "all")]
    passes: String,

    /// A pass option, `PASS.OPTION=VALUE`; may be given several times.
    #[arg(long = "pass-option", value_name = "PASS.OPTION=VALUE")]
    pass_options: Vec<String>,

    /// How float-atomics rewrites float atomic min/max: `auto` (the signed
    /// bitcast where every value's sign is proven, else ordered), `ordered`
    /// (order-preserving u32 encoding, any sign), `signed` (i32 holding the
    /// float bits; an error where the sign is not proven) or `cas`
    /// (compare-exchange loops on the float bits: the reference).
    #[arg(long = "float-atomics", value_name = "STRATEGY", value_parser = ["auto", "ordered", "signed", "cas"])]
    float_atomics: Option<String>,

    /// NaN inputs of float atomic min/max: `propagate` (they take part in the
    /// order of the encoding) or `ignore` (a NaN leaves the atomic unchanged).
    #[arg(long = "float-atomics-nan", value_name = "MODE", value_parser = ["propagate", "ignore"])]
    float_atomics_nan: Option<String>,

    /// Features the target supports, comma-separated: subgroups,
    /// int64-atomic-min-max (64-bit min/max on storage, results unused),
    /// int64-atomics (every 64-bit atomic operation), f64.
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        value_parser = clap::builder::PossibleValuesParser::new(Target::FEATURES)
    )]
    features: Vec<String>,

    /// The stage of a GLSL or HLSL input (default: from the extension;
    /// compute for .glsl and .hlsl).
    #[arg(long, value_enum)]
    stage: Option<Stage>,

    /// Write only this entry point (GLSL output needs one when the shader
    /// has several); for HLSL input, the function to compile [default: main].
    #[arg(short = 'e', long, value_name = "NAME")]
    entry_point: Option<String>,

    /// Which front end reads GLSL: `glslang` (glslangValidator, to SPIR-V),
    /// `naga` (naga's GLSL reader), or `auto`: glslang when it is on PATH.
    #[arg(long, value_name = "FRONT", value_parser = ["naga", "glslang", "auto"], default_value = "auto")]
    glsl_front: String,

    /// A preprocessor definition for GLSL and HLSL, `NAME` or `NAME=VALUE`
    /// (through glslang); may be given several times.
    #[arg(short = 'D', long = "define", value_name = "NAME[=VALUE]")]
    defines: Vec<String>,

    /// A folder searched for `#include` after the shader's own (through
    /// glslang); may be given several times.
    #[arg(short = 'I', long = "include-dir", value_name = "DIR")]
    include_dirs: Vec<PathBuf>,

    /// For HLSL input, added to the binding of every register of a class:
    /// `t`, `s`, `b` or `u` (e.g. `s=16`, so that `register(s0)` and
    /// `register(t0)` get bindings 16 and 0); may be given several times.
    #[arg(long = "hlsl-register-shift", value_name = "CLASS=N", value_parser = shaderxform::front::parse_register_shift)]
    hlsl_register_shifts: Vec<(shaderxform::front::HlslRegister, u32)>,

    /// The format of standard input (`-` as IN): wgsl, spv, spvasm, glsl
    /// (or comp, vert, frag) or hlsl.
    #[arg(long, value_name = "FORMAT", value_parser = ["wgsl", "spv", "spvasm", "glsl", "comp", "vert", "frag", "hlsl"])]
    input_format: Option<String>,

    /// SPIR-V version of SPIR-V output, e.g. 1.3 [default: the lowest the
    /// shader needs: 1.0, or 1.3 with subgroup operations]. Validated for
    /// Vulkan 1.1 (1.2 for SPIR-V 1.5, 1.3 for SPIR-V 1.6).
    #[arg(long, value_name = "X.Y", value_parser = parse_spirv_version)]
    spirv_version: Option<back::SpirvVersion>,

    /// GLSL version of GLSL output: 450, 460, 310es, 320es [default: 450].
    #[arg(long, value_name = "VERSION", value_parser = parse_glsl_version)]
    glsl_version: Option<naga::back::glsl::Version>,

    /// HLSL shader model of HLSL output, e.g. 6.0 [default: 6.0, or 6.2 for f16].
    #[arg(long, value_name = "X.Y", value_parser = parse_shader_model)]
    hlsl_shader_model: Option<naga::back::hlsl::ShaderModel>,

    /// Metal Shading Language version of Metal output [default: 2.4].
    #[arg(long, value_name = "X.Y", value_parser = parse_msl_version)]
    msl_version: Option<(u8, u8)>,

    /// The compiler that reads WGSL output: `tint` (browsers, Dawn) gets
    /// every `enable` directive; `wgpu` (naga) none that it refuses
    /// (`enable subgroups;`).
    #[arg(long, value_name = "READER", default_value = "tint", value_parser = parse_wgsl_for)]
    wgsl_for: back::WgslTarget,

    /// The value of a pipeline-overridable constant, `NAME=VALUE` (or
    /// `ID=VALUE`), for outputs other than WGSL; may be given several times.
    /// Overrides without a value take their defaults.
    #[arg(long = "override", value_name = "NAME=VALUE", value_parser = parse_override)]
    overrides: Vec<(String, f64)>,

    /// Treat warnings as errors: exit 1 and write nothing when there is
    /// any (a barrier that hoist-barriers had to fix, for one).
    #[arg(long)]
    deny_warnings: bool,

    /// The largest shader file read: bytes, or with a K, M or G suffix
    /// (KiB, MiB, GiB). Only regular files are read (symbolic links
    /// followed), never devices or FIFOs.
    #[arg(long, value_name = "SIZE", default_value = "16M", value_parser = files::parse_byte_size)]
    max_input_size: u64,

    /// Colors in diagnostics.
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto)]
    color: ColorWhen,

    /// `human` diagnostics like rustc, or `json`: one object per line on stderr.
    #[arg(long, value_enum, default_value_t = MessageFormat::Human)]
    message_format: MessageFormat,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Stage {
    Compute,
    Vertex,
    Fragment,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ColorWhen {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum MessageFormat {
    Human,
    Json,
}

fn parse_override(s: &str) -> Result<(String, f64), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}` is not of the form NAME=VALUE"))?;
    let value: f64 = match value.trim() {
        "true" => 1.0,
        "false" => 0.0,
        v => v.parse().map_err(|_| format!("`{v}` is not a number"))?,
    };
    Ok((name.trim().to_string(), value))
}

fn parse_spirv_version(s: &str) -> Result<back::SpirvVersion, String> {
    back::SpirvVersion::parse(s)
        .ok_or_else(|| format!("`{s}` is not a SPIR-V version (1.0 to 1.6)"))
}

fn parse_glsl_version(s: &str) -> Result<naga::back::glsl::Version, String> {
    back::parse_glsl_version(s).ok_or_else(|| {
        format!("`{s}` is not a GLSL version naga writes (e.g. 330, 450, 460, 310es)")
    })
}

fn parse_shader_model(s: &str) -> Result<naga::back::hlsl::ShaderModel, String> {
    back::parse_shader_model(s)
        .ok_or_else(|| format!("`{s}` is not an HLSL shader model (5.0 to 6.9)"))
}

fn parse_wgsl_for(s: &str) -> Result<back::WgslTarget, String> {
    back::WgslTarget::from_name(s)
        .ok_or_else(|| format!("expected one of {}", back::WgslTarget::NAMES.join(", ")))
}

fn parse_msl_version(s: &str) -> Result<(u8, u8), String> {
    back::parse_major_minor(s).ok_or_else(|| format!("`{s}` is not a version like 2.4"))
}

/// Printing, as the user configured it.
struct Printer {
    color: ColorChoice,
    json: bool,
}

impl Printer {
    fn new(common: &CommonArgs) -> Self {
        let color = match common.color {
            ColorWhen::Always => ColorChoice::Always,
            ColorWhen::Never => ColorChoice::Never,
            ColorWhen::Auto => {
                if std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none() {
                    ColorChoice::Always
                } else {
                    ColorChoice::Never
                }
            }
        };
        Printer {
            color,
            json: common.message_format == MessageFormat::Json,
        }
    }

    fn diagnostic(&self, diagnostic: &Diagnostic, source: &Source) {
        let mut stderr = std::io::stderr().lock();
        let _ = if self.json {
            writeln!(
                stderr,
                "{}",
                serde_json::to_string(&DiagnosticJson::new(diagnostic, source))
                    .expect("diagnostics serialize")
            )
        } else {
            write!(stderr, "{}", render(diagnostic, source, self.color))
        };
    }

    #[cfg(feature = "gpu")]
    fn warnings(&self, warnings: &shaderxform::gpu::Warnings) {
        for d in &warnings.diagnostics {
            self.diagnostic(d, &warnings.source);
        }
    }

    /// A problem with the invocation or the file system, not inside a shader.
    fn plain_error(&self, message: &str, file: &str) {
        let source = Source::new(file, InputFormat::Wgsl, Vec::new());
        self.diagnostic(&Diagnostic::error(message), &source);
    }
}

pub fn main() -> i32 {
    install_quiet_panic_hook();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                exit::USAGE
            } else {
                exit::OK
            };
        }
    };
    match std::panic::catch_unwind(|| run(cli)) {
        Ok(code) => code,
        Err(_) => {
            let detail = LAST_PANIC
                .lock()
                .ok()
                .and_then(|p| p.clone())
                .unwrap_or_default();
            eprintln!("error: internal error: shaderxform panicked: {detail}");
            eprintln!("  = note: this is a bug in shaderxform, not in the shader");
            exit::FAILED
        }
    }
}

fn run(cli: Cli) -> i32 {
    match cli.command {
        Some(Command::Check(args)) => check(args),
        #[cfg(feature = "gpu")]
        Some(Command::Validate(args)) => validate(args),
        #[cfg(feature = "gpu")]
        Some(Command::Bench(args)) => bench(args),
        Some(Command::Batch(args)) => batch::run(args),
        Some(Command::Serve(args)) => files::serve(args),
        Some(Command::Uniformity(args)) => uniformity::run(args),
        None => transform(cli.transform),
    }
}

static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Panics are reported as internal errors by whoever catches them; the
/// default hook's backtrace note is not for users.
fn install_quiet_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let location = info
            .location()
            .map(|l| format!(" at {l}"))
            .unwrap_or_default();
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = Some(format!("{message}{location}"));
        }
    }));
}

/// Builds the library options from the command line, or says why it cannot.
fn options(common: &CommonArgs) -> Result<Options, String> {
    let mut pass_options: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for setting in &common.pass_options {
        let parsed = setting
            .split_once('=')
            .and_then(|(key, value)| key.split_once('.').map(|(p, o)| (p, o, value)));
        let Some((pass, option, value)) = parsed else {
            return Err(format!("`{setting}` is not of the form PASS.OPTION=VALUE"));
        };
        pass_options
            .entry(pass.trim().to_string())
            .or_default()
            .insert(option.trim().to_string(), value.trim().to_string());
    }
    for (option, value) in [
        ("strategy", &common.float_atomics),
        ("nan", &common.float_atomics_nan),
    ] {
        if let Some(value) = value {
            pass_options
                .entry("float-atomics".to_string())
                .or_default()
                .insert(option.to_string(), value.clone());
        }
    }
    let mut target = Target::default();
    for feature in &common.features {
        // clap has checked the name against Target::FEATURES.
        target.enable(feature);
    }
    Ok(Options {
        passes: PassSelection::parse(&common.passes),
        pass_options,
        target,
        emit: shaderxform::EmitOptions {
            entry_point: common.entry_point.clone(),
            spirv_version: common.spirv_version,
            glsl_version: common.glsl_version,
            hlsl_shader_model: common.hlsl_shader_model,
            msl_version: common.msl_version,
            overrides: common.overrides.iter().cloned().collect(),
            wgsl_for: common.wgsl_for,
        },
        deny_warnings: common.deny_warnings,
        front: shaderxform::front::FrontOptions {
            glsl_front: shaderxform::front::GlslFront::parse(&common.glsl_front)
                .unwrap_or_default(),
            defines: common
                .defines
                .iter()
                .map(|d| shaderxform::front::parse_define(d))
                .collect(),
            include_dirs: common.include_dirs.clone(),
            hlsl_entry_point: common.entry_point.clone(),
            hlsl_register_shifts: common.hlsl_register_shifts.clone(),
        },
    })
}

fn stage(common: &CommonArgs) -> Option<naga::ShaderStage> {
    common.stage.map(|s| match s {
        Stage::Compute => naga::ShaderStage::Compute,
        Stage::Vertex => naga::ShaderStage::Vertex,
        Stage::Fragment => naga::ShaderStage::Fragment,
    })
}

/// Where one output goes.
struct Destination {
    path: Option<PathBuf>,
    format: OutputFormat,
}

impl Destination {
    fn display(&self) -> String {
        self.path
            .as_ref()
            .map_or_else(|| "<stdout>".to_string(), |p| p.display().to_string())
    }
}

fn destinations(args: &TransformArgs, input: &Path) -> Result<Vec<Destination>, String> {
    let forced = args.emit.as_deref().and_then(OutputFormat::from_name);
    let mut out = Vec::new();
    for path in &args.outputs {
        if path.as_os_str() == "-" {
            let format = forced.ok_or("writing to standard output (`-o -`) needs --emit FORMAT")?;
            out.push(Destination { path: None, format });
            continue;
        }
        let format = match forced.or_else(|| OutputFormat::from_path(path)) {
            Some(f) => f,
            None => {
                return Err(format!(
                    "{}: unknown output extension; expected .wgsl, .spv, .spvasm, .glsl, .hlsl or .metal, or give --emit",
                    path.display()
                ))
            }
        };
        if same_file(input, path) {
            return Err(format!(
                "refusing to overwrite the input: {} names the same file as {}",
                path.display(),
                input.display()
            ));
        }
        out.push(Destination {
            path: Some(path.clone()),
            format,
        });
    }
    Ok(out)
}

/// Whether two paths name one file, whether or not `b` exists yet.
fn same_file(a: &Path, b: &Path) -> bool {
    let Ok(a) = a.canonicalize() else {
        return false;
    };
    if let Ok(b) = b.canonicalize() {
        return a == b;
    }
    let parent = match b.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    match (parent.canonicalize(), b.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name) == a,
        _ => false,
    }
}

fn load(path: &Path, common: &CommonArgs, printer: &Printer) -> Result<Source, i32> {
    if path.as_os_str() == "-" {
        return load_stdin(common, printer);
    }
    if InputFormat::from_path(path, stage(common)).is_none()
        && InputFormat::unsupported_glsl_stage(path).is_none()
    {
        printer.plain_error(
            &format!(
                "{}: unknown shader extension; expected one of: {}",
                path.display(),
                InputFormat::EXTENSIONS
                    .iter()
                    .map(|e| format!(".{e}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            &path.display().to_string(),
        );
        return Err(exit::USAGE);
    }
    Source::read_limited(path, stage(common), common.max_input_size).map_err(|e| {
        printer.plain_error(&e.to_string(), &path.display().to_string());
        exit::FAILED
    })
}

/// Standard input as a shader of the format `--input-format` names.
fn load_stdin(common: &CommonArgs, printer: &Printer) -> Result<Source, i32> {
    const NAME: &str = "<stdin>";
    let Some(format) = common
        .input_format
        .as_deref()
        .and_then(|f| InputFormat::from_extension(f, stage(common)))
    else {
        printer.plain_error(
            "reading standard input (`-`) needs --input-format (wgsl, spv, spvasm, glsl, hlsl)",
            NAME,
        );
        return Err(exit::USAGE);
    };
    let mut bytes = Vec::new();
    let limit = common.max_input_size;
    let mut stdin = std::io::Read::take(std::io::stdin().lock(), limit.saturating_add(1));
    if let Err(e) = std::io::Read::read_to_end(&mut stdin, &mut bytes) {
        printer.plain_error(&format!("cannot read standard input: {e}"), NAME);
        return Err(exit::FAILED);
    }
    if bytes.len() as u64 > limit {
        printer.plain_error(
            &format!(
                "standard input holds more than the limit of {limit} bytes (--max-input-size)"
            ),
            NAME,
        );
        return Err(exit::FAILED);
    }
    Ok(Source::new(NAME, format, bytes))
}

fn exit_code(kind: FailureKind) -> i32 {
    match kind {
        FailureKind::Usage => exit::USAGE,
        FailureKind::Input
        | FailureKind::Refused
        | FailureKind::Unsupported
        | FailureKind::Internal
        | FailureKind::DeniedWarnings => exit::FAILED,
    }
}

fn compiler(common: &CommonArgs, printer: &Printer) -> Result<Compiler, i32> {
    let options = options(common).map_err(|message| {
        printer.plain_error(&message, "<command line>");
        exit::USAGE
    })?;
    Compiler::new(options).map_err(|failure| {
        for d in &failure.diagnostics {
            printer.plain_error(&d.message, "<command line>");
        }
        exit_code(failure.kind)
    })
}

fn transform(args: TransformArgs) -> i32 {
    let printer = Printer::new(&args.common);
    let input = args.input.clone().expect("clap requires IN");
    let name = input.display().to_string();
    let destinations = match destinations(&args, &input) {
        Ok(d) => d,
        Err(message) => {
            printer.plain_error(&message, &name);
            return exit::USAGE;
        }
    };
    let checked = check_written_beside("--report", args.report.as_deref(), &input, &destinations)
        .and_then(|()| {
            check_written_beside("--reflect", args.reflect.as_deref(), &input, &destinations)
        })
        .and_then(|()| match (&args.report, &args.reflect) {
            (Some(report), Some(reflect)) if report == reflect || same_file(report, reflect) => {
                Err(format!(
                    "--reflect {} names the same file as --report",
                    reflect.display()
                ))
            }
            _ => Ok(()),
        });
    if let Err(message) = checked {
        printer.plain_error(&message, &name);
        return exit::USAGE;
    }
    let output_paths: Vec<&Path> = destinations
        .iter()
        .filter_map(|d| d.path.as_deref())
        .collect();
    if let Some(depfile) = &args.depfile {
        // The reflection is one more file the depfile may not replace.
        let written: Vec<&Path> = output_paths
            .iter()
            .copied()
            .chain(args.reflect.as_deref())
            .collect();
        if let Err(message) =
            files::check_depfile_path(depfile, &input, &written, args.report.as_deref())
        {
            printer.plain_error(&message, &name);
            return exit::USAGE;
        }
    }
    let compiler = match compiler(&args.common, &printer) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let source = match load(&input, &args.common, &printer) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let formats: Vec<OutputFormat> = destinations.iter().map(|d| d.format).collect();
    let mut report = Report::new(&source);
    report.set_output_formats(&source, &formats);
    match compiler.compile(&source, &formats) {
        Ok(compiled) => {
            report.add_compiled(&source, &compiled);
            for d in compiled.transformed.diagnostics() {
                printer.diagnostic(d, &source);
            }
            if !printer.json {
                print_changes(&report);
            }
            for (dest, output) in destinations.iter().zip(&compiled.outputs) {
                report.add_output(dest.display(), output.format, output.bytes.len());
            }
            let mut files: Vec<(PathBuf, Vec<u8>)> = args
                .report
                .iter()
                .map(|path| (path.clone(), report.to_json().into_bytes()))
                .collect();
            if let (Some(path), Some(reflection)) = (&args.reflect, &report.reflection) {
                files.push((path.clone(), reflection.to_json().into_bytes()));
            }
            let depfile = args.depfile.as_ref().map(|depfile| {
                files::depfile_rule(
                    depfile,
                    &output_paths,
                    &source.name,
                    &compiled.transformed.dependencies,
                )
                .map(|rule| files.push((depfile.clone(), rule)))
            });
            let written = depfile
                .unwrap_or(Ok(()))
                .and_then(|()| write_outputs(&destinations, &compiled.outputs, files));
            match written {
                Ok(()) => exit::OK,
                Err(message) => {
                    let d = Diagnostic::error(message).with_code("io::write");
                    printer.diagnostic(&d, &source);
                    // The report says why nothing was written, if it can
                    // be written at all.
                    report.outputs.clear();
                    report.add_diagnostics(&source, [&d]);
                    finish_report(args.report.as_deref(), &report, &printer, exit::FAILED)
                }
            }
        }
        Err(failure) => {
            let code = fail(&failure, &source, &printer, &mut report);
            finish_report(args.report.as_deref(), &report, &printer, code)
        }
    }
}

/// Which validators passed the shader, and what is missing when SPIR-V
/// input was checked without SPIRV-Tools.
fn print_validators(source: &Source, validators: &shaderxform::Validators) {
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "{}: valid: checked by {validators}", source.name);
    if source.format.is_spirv() && !validators.has_spirv_val() {
        let _ = writeln!(
            stderr,
            "  = note: no spirv-val: install SPIRV-Tools (`spirv-val` on PATH) for SPIRV-Tools' checks of SPIR-V input"
        );
    }
}

/// One line per rewrite on stderr, with what a host needs to know.
fn print_changes(report: &Report) {
    let mut stderr = std::io::stderr().lock();
    for pass in &report.passes {
        for change in &pass.changes {
            let position = match (change.line, change.column) {
                (Some(l), Some(c)) => format!("{}:{l}:{c}", change.file),
                _ => change.file.clone(),
            };
            let _ = writeln!(stderr, "{}: {position}: {}", pass.name, change.message);
            for (key, value) in &change.details {
                let _ = writeln!(stderr, "    {key}: {value}");
            }
        }
    }
}

/// A file written beside the outputs (`--report`, `--reflect`) may not
/// overwrite the input or an output.
fn check_written_beside(
    flag: &str,
    written: Option<&Path>,
    input: &Path,
    destinations: &[Destination],
) -> Result<(), String> {
    let Some(written) = written else {
        return Ok(());
    };
    if same_file(input, written) {
        return Err(format!(
            "refusing to overwrite the input: {flag} {} names the same file as {}",
            written.display(),
            input.display()
        ));
    }
    for dest in destinations {
        if let Some(path) = &dest.path {
            if path == written || same_file(path, written) {
                return Err(format!(
                    "{flag} {} names the same file as the output {}",
                    written.display(),
                    path.display()
                ));
            }
        }
    }
    Ok(())
}

fn fail(failure: &Failure, source: &Source, printer: &Printer, report: &mut Report) -> i32 {
    report.add_passes(source, &failure.passes);
    // Warnings of the passes first, then what stopped the run.
    for pass in &failure.passes {
        for d in pass.diagnostics.iter().filter(|d| !d.is_error()) {
            printer.diagnostic(d, source);
        }
    }
    for d in &failure.diagnostics {
        printer.diagnostic(d, source);
    }
    report.add_diagnostics(source, &failure.diagnostics);
    exit_code(failure.kind)
}

fn finish_report(path: Option<&Path>, report: &Report, printer: &Printer, code: i32) -> i32 {
    let Some(path) = path else { return code };
    match write_atomically(path, report.to_json().as_bytes()) {
        Ok(()) => code,
        Err(message) => {
            printer.plain_error(&message, &path.display().to_string());
            if code == exit::OK {
                exit::FAILED
            } else {
                code
            }
        }
    }
}

fn check(args: CheckArgs) -> i32 {
    let printer = Printer::new(&args.common);
    let source = match load(&args.input, &args.common, &printer) {
        Ok(s) => s,
        Err(code) => return code,
    };
    if let Err(message) = check_written_beside("--report", args.report.as_deref(), &args.input, &[])
    {
        printer.plain_error(&message, &args.input.display().to_string());
        return exit::USAGE;
    }
    let compiler = match compiler(&args.common, &printer) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let mut report = Report::new(&source);
    let code = match compiler.transform(&source) {
        Ok(transformed) => {
            report.add_passes(&source, &transformed.passes);
            for d in transformed.diagnostics() {
                printer.diagnostic(d, &source);
            }
            if !printer.json {
                print_validators(&source, &report.validators);
            }
            exit::OK
        }
        Err(failure) => fail(&failure, &source, &printer, &mut report),
    };
    finish_report(args.report.as_deref(), &report, &printer, code)
}

/// Writes every output, the report and the depfile (`files`), or none:
/// each file goes to a temporary file beside its destination, standard
/// output is written once all of them are staged, and then they are
/// renamed into place.
fn write_outputs(
    destinations: &[Destination],
    outputs: &[Output],
    files: Vec<(PathBuf, Vec<u8>)>,
) -> Result<(), String> {
    let mut staged = Vec::new();
    let mut to_stdout = Vec::new();
    for (dest, output) in destinations.iter().zip(outputs) {
        match &dest.path {
            None => to_stdout.push(&output.bytes),
            Some(path) => staged.push((path.clone(), stage_file(path, &output.bytes)?)),
        }
    }
    for (path, bytes) in files {
        let file = stage_file(&path, &bytes)?;
        staged.push((path, file));
    }
    let mut stdout = std::io::stdout().lock();
    for bytes in to_stdout {
        stdout
            .write_all(bytes)
            .and_then(|_| stdout.flush())
            .map_err(|e| format!("cannot write to standard output: {e}"))?;
    }
    for (path, file) in staged {
        persist(file, &path)?;
    }
    Ok(())
}

#[cfg(feature = "gpu")]
fn validate(args: ValidateArgs) -> i32 {
    use shaderxform::gpu::{self, Verdict};

    let printer = Printer::new(&args.common);
    let name = args.input.display().to_string();
    if let Err(message) = check_written_beside("--report", args.report.as_deref(), &args.input, &[])
    {
        printer.plain_error(&message, &name);
        return exit::USAGE;
    }
    let v = match args.run.options(&args.input, &args.common, &printer) {
        Ok(v) => v,
        Err(code) => return code,
    };

    match gpu::validate(&args.input, &v) {
        Ok(validation) => {
            printer.warnings(&validation.warnings);
            let mut stdout = std::io::stdout().lock();
            let _ = stdout
                .write_all(validation.describe().as_bytes())
                .and_then(|_| stdout.flush());
            let code = validation.exit_code();
            let code = write_validation_report(
                args.report.as_deref(),
                &validation.report.to_json(),
                &printer,
                code,
            );
            if let Verdict::Hang(_) = validation.verdict {
                // The hung dispatch still runs: leave without waiting.
                let _ = std::io::stderr().flush();
                std::process::exit(code);
            }
            code
        }
        Err(error) => {
            let code = print_gpu_error(&error, &printer, &name);
            let report = gpu::ValidationReport::failed(&args.input, &error);
            write_validation_report(args.report.as_deref(), &report.to_json(), &printer, code)
        }
    }
}

/// Prints why a GPU run could not happen; returns its exit code.
#[cfg(feature = "gpu")]
fn print_gpu_error(error: &shaderxform::gpu::Error, printer: &Printer, name: &str) -> i32 {
    match error {
        shaderxform::gpu::Error::Compile {
            role,
            source,
            failure,
        } => {
            printer.plain_error(
                &format!("the {} {} does not compile", role.name(), source.name),
                &source.name,
            );
            let mut report = Report::new(source);
            fail(failure, source, printer, &mut report)
        }
        other => {
            printer.plain_error(&other.to_string(), name);
            other.exit_code()
        }
    }
}

#[cfg(feature = "gpu")]
fn bench(args: BenchArgs) -> i32 {
    use shaderxform::gpu::bench::{self, BenchOptions};

    let printer = Printer::new(&args.common);
    let name = args.input.display().to_string();
    if !(args.seconds.is_finite() && args.seconds > 0.0) {
        printer.plain_error("--seconds must be a positive number of seconds", &name);
        return exit::USAGE;
    }
    let v = match args.run.options(&args.input, &args.common, &printer) {
        Ok(v) => v,
        Err(code) => return code,
    };
    let opts = BenchOptions {
        validate: v,
        seconds: args.seconds,
    };

    match bench::bench(&args.input, &opts) {
        Ok(report) => {
            printer.warnings(&report.warnings);
            let text = if args.json {
                report.to_json()
            } else {
                report.describe()
            };
            let mut stdout = std::io::stdout().lock();
            let _ = stdout
                .write_all(text.as_bytes())
                .and_then(|_| stdout.flush());
            exit::OK
        }
        Err(error) => {
            let code = print_gpu_error(&error, &printer, &name);
            // A hung pass still runs: leave without waiting for it.
            let _ = std::io::stderr().flush();
            std::process::exit(code)
        }
    }
}

#[cfg(feature = "gpu")]
fn write_validation_report(path: Option<&Path>, json: &str, printer: &Printer, code: i32) -> i32 {
    let Some(path) = path else { return code };
    match write_atomically(path, json.as_bytes()) {
        Ok(()) => code,
        Err(message) => {
            printer.plain_error(&message, &path.display().to_string());
            if code == exit::OK {
                exit::FAILED
            } else {
                code
            }
        }
    }
}
