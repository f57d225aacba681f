//! The command line's arguments, as clap reads them, and the parsers of
//! their values. Every command's options are here, so that their
//! spelling can be compared in one place.

use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::{Args, Parser, Subcommand, ValueEnum};
use shaderxform::passes::float_atomics;
use shaderxform::{back, Target};

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
pub(super) struct Cli {
    #[command(subcommand)]
    pub(super) command: Option<Command>,
    #[command(flatten)]
    pub(super) transform: TransformArgs,

    /// Print only errors on stderr: no warnings, notes, rewrites, progress
    /// or summaries. The exit code is the same.
    #[arg(
        short,
        long,
        global = true,
        conflicts_with = "verbose",
        help_heading = "Output options"
    )]
    pub(super) quiet: bool,

    /// Also print how the run went on stderr: the front end chosen, the
    /// passes run, the time of each stage, and in batch every shader with
    /// whether it came from the cache.
    #[arg(short, long, global = true, help_heading = "Output options")]
    pub(super) verbose: bool,
}

#[derive(Subcommand, Debug)]
pub(super) enum Command {
    /// Parse, validate and analyse a shader; write nothing, print the
    /// diagnostics; exit 1 if any is an error.
    Check(CheckArgs),
    /// Run the transformed shader and a reference on a GPU adapter with the
    /// same inputs and compare every buffer and storage texture they write
    /// and every target they draw (every entry point, or a folder of
    /// shaders). Exit 0 when they agree, 3 on a mismatch or a hang, 4
    /// without an adapter, 1 when the inputs are wrong.
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
    Serve(super::serve::ServeArgs),
    /// List every barrier, workgroupUniformLoad and call of a function that
    /// reaches one, with the uniformity analysis' verdict and its causes,
    /// and Tint's verdict where Tint is available (see docs/uniformity-analysis.md).
    /// Exit 1 if any is non-uniform.
    Uniformity(super::uniformity::UniformityArgs),
    /// Print a completion script for a shell on standard output (see
    /// docs/installing.md for where each shell reads it).
    Completions(super::generate::CompletionsArgs),
    /// Print the manual page, in roff, on standard output: shaderxform's,
    /// or a subcommand's.
    Man(super::generate::ManArgs),
}

#[derive(Args, Debug)]
pub(super) struct BatchArgs {
    /// The folder to read; every shader under it (by extension) is compiled.
    #[arg(value_name = "IN_DIR")]
    pub(super) input_dir: PathBuf,

    /// The folder to write, with the input's relative paths.
    #[arg(short = 'o', long = "output", value_name = "OUT_DIR")]
    pub(super) output_dir: PathBuf,

    /// Output formats, comma-separated or repeated [default: spv].
    #[arg(long, value_name = "FORMAT", value_delimiter = ',', value_parser = ["wgsl", "spv", "spvasm", "glsl", "hlsl", "metal", "msl"])]
    pub(super) emit: Vec<String>,

    /// Worker threads [default: one per core].
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub(super) jobs: Option<u16>,

    /// Keep compiled results here, keyed by the input bytes, the options and
    /// the tool version; an unchanged shader is not compiled again.
    #[arg(long, value_name = "DIR")]
    pub(super) cache: Option<PathBuf>,

    /// Where to write the manifest [default: OUT_DIR/shaderxform-manifest.json].
    #[arg(long, value_name = "FILE")]
    pub(super) manifest: Option<PathBuf>,

    /// After the first run, watch IN_DIR and compile again what changes,
    /// until interrupted.
    #[arg(long)]
    pub(super) watch: bool,

    /// How outputs are named: `stage` keeps a GLSL stage extension, as
    /// glslc does (`blur.vert` to `blur.vert.spv`); `plain` replaces it
    /// (`blur.vert` to `blur.spv`, which `blur.frag` would collide with).
    #[arg(long, value_name = "STYLE", value_parser = ["stage", "plain"], default_value = "stage")]
    pub(super) output_names: String,

    /// Compile only shaders whose path under IN_DIR matches the glob
    /// (`**/*.comp`, `fx/*`); may be given several times [default: every
    /// shader].
    #[arg(long = "glob", value_name = "GLOB")]
    pub(super) globs: Vec<String>,

    /// Do not compile shaders whose path under IN_DIR matches the glob;
    /// may be given several times.
    #[arg(long = "exclude", value_name = "GLOB")]
    pub(super) excludes: Vec<String>,

    /// Write each shader's reflection (see docs/reflection.md) beside its
    /// outputs, named as they are: `blur.vert.reflect.json`,
    /// `blur.reflect.json` for `blur.wgsl`.
    #[arg(long)]
    pub(super) reflect: bool,

    /// Compile only the K-th of N shares of the tree (`--shard 2/4`), by a
    /// hash of each shader's path: N machines given 1/N to N/N compile the
    /// whole tree once between them. The manifest is then
    /// `shaderxform-manifest.shard-K-of-N.json` unless --manifest names one.
    #[arg(long, value_name = "K/N", value_parser = shaderxform::batch::Shard::parse)]
    pub(super) shard: Option<shaderxform::batch::Shard>,

    /// Then validate every shader compiled on the GPU (as `validate DIR`
    /// does), in the formats emitted that wgpu reads (WGSL, SPIR-V; WGSL
    /// when neither is); exit 3 on a mismatch.
    #[cfg(feature = "gpu")]
    #[arg(long, conflicts_with = "watch")]
    pub(super) validate: bool,

    #[command(flatten)]
    pub(super) common: CommonArgs,
}

#[derive(Args, Debug)]
pub(super) struct TransformArgs {
    /// The shader to read: .wgsl, .spv, .spvasm, .comp/.vert/.frag, .glsl or
    /// .hlsl; `-` reads standard input (needs --input-format).
    #[arg(value_name = "IN", required = true)]
    pub(super) input: Option<PathBuf>,

    /// Where to write; the format follows the extension (.wgsl, .spv, .spvasm,
    /// .glsl, .hlsl, .metal). `-` writes to standard output (needs --emit).
    /// May be given several times.
    #[arg(short = 'o', long = "output", value_name = "OUT", required = true)]
    pub(super) outputs: Vec<PathBuf>,

    /// The output format, for `-o -` or to override the extension.
    #[arg(long, value_name = "FORMAT", value_parser = ["wgsl", "spv", "spvasm", "glsl", "hlsl", "metal", "msl"])]
    pub(super) emit: Option<String>,

    /// Write a JSON report of the run: input, outputs, what each pass changed
    /// and every diagnostic.
    #[arg(long, value_name = "FILE")]
    pub(super) report: Option<PathBuf>,

    /// Write the interface of the shader as written, as JSON
    /// (`"schema": 1`, see docs/reflection.md): entry points, bindings
    /// with their layouts, and what the passes changed for the host.
    #[arg(long, value_name = "FILE")]
    pub(super) reflect: Option<PathBuf>,

    /// Write a make rule: every output depends on every file read (the
    /// shader and what it `#include`s), with an empty rule for each
    /// included file, as `glslc -MD -MP -MF`. Written with the outputs, or
    /// not at all; it may not name the input, an output or the report.
    #[arg(long, value_name = "FILE")]
    pub(super) depfile: Option<PathBuf>,

    #[command(flatten)]
    pub(super) common: CommonArgs,
}

#[derive(Args, Debug)]
pub(super) struct CheckArgs {
    /// The shader to check; `-` reads standard input (needs --input-format).
    #[arg(value_name = "IN")]
    pub(super) input: PathBuf,

    /// Write a JSON report of the run.
    #[arg(long, value_name = "FILE")]
    pub(super) report: Option<PathBuf>,

    #[command(flatten)]
    pub(super) common: CommonArgs,
}

/// How `validate` and `bench` set up a run on the GPU.
#[cfg(feature = "gpu")]
#[derive(Args, Debug)]
#[command(next_help_heading = "GPU options")]
pub(super) struct GpuRunArgs {
    /// Workgroups of one dispatch [default: the harness's, else enough for
    /// the longest runtime array along x].
    #[arg(long, value_name = "X,Y,Z", value_parser = parse_dispatch)]
    pub(super) dispatch: Option<[u32; 3]>,

    /// Elements of a binding's runtime-sized array, by name, GROUP:BINDING
    /// or BINDING [default: the harness's, else 1024]; may be given
    /// several times.
    #[arg(long = "size", value_name = "BINDING=N", value_parser = parse_size)]
    pub(super) sizes: Vec<(String, u64)>,

    /// Seed of the generated inputs [default: the harness's, else 0].
    #[arg(long, value_name = "S")]
    pub(super) seed: Option<u64>,

    /// The harness [default: IN's NAME.harness.toml, if there is one].
    #[arg(long, value_name = "FILE")]
    pub(super) harness: Option<PathBuf>,

    /// The reference shader [default: the harness's `reference`, else IN
    /// itself when it is valid as it is].
    #[arg(long, value_name = "FILE")]
    pub(super) reference: Option<PathBuf>,

    /// The wgpu backend [default: all; WGPU_BACKEND is honoured].
    #[arg(long, value_name = "BACKEND", value_parser = ["vulkan", "metal", "dx12", "gl"])]
    pub(super) backend: Option<String>,

    /// Use the adapter whose name contains NAME (case-insensitive).
    #[arg(long, value_name = "NAME")]
    pub(super) adapter: Option<String>,

    /// Seconds one dispatch (one timed pass for bench) may take before it
    /// counts as a hang.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub(super) timeout: f64,

    /// Every loop of both shaders whose trip count the input decides
    /// leaves after N iterations, so that it finishes on a GPU, which never
    /// stops one; `none` runs loops as written (validate only).
    #[arg(long, value_name = "N|none", default_value = "65535", value_parser = parse_loop_bound)]
    pub(super) loop_bound: LoopBound,

    /// Who reads SPIR-V (with --shader-format spirv or all) in compute
    /// runs: `naga`, the reader wgpu translates SPIR-V with, or `driver`,
    /// the Vulkan driver itself, as a Vulkan engine hands it SPIR-V (where
    /// wgpu can pass it through; else naga's reader, and the output says
    /// so). Draws read it through naga.
    #[arg(long, value_name = "READER", value_parser = ["naga", "driver"], default_value = "naga")]
    pub(super) spirv_reader: String,

    /// What the shaders are handed to wgpu as; `all` validates each
    /// format in turn (validate only).
    #[arg(long, value_name = "FORMAT", value_parser = ["wgsl", "spirv", "all"], default_value = "wgsl")]
    pub(super) shader_format: String,
}

#[cfg(feature = "gpu")]
#[derive(Args, Debug)]
pub(super) struct ValidateArgs {
    /// The shader to transform and validate (every compute, vertex and
    /// fragment entry point unless --entry-point names one), or a folder
    /// of shaders.
    #[arg(value_name = "IN")]
    pub(super) input: PathBuf,

    /// Write the comparison as JSON.
    #[arg(long, value_name = "FILE")]
    pub(super) report: Option<PathBuf>,

    /// The shaders of a folder from this one on, one record each, for the
    /// process that isolates them (see `cli/validate_isolated.rs`).
    #[arg(long, value_name = "INDEX", hide = true)]
    pub(super) worker_from: Option<usize>,

    #[command(flatten)]
    pub(super) run: GpuRunArgs,

    #[command(flatten)]
    pub(super) common: CommonArgs,
}

#[cfg(feature = "gpu")]
#[derive(Args, Debug)]
pub(super) struct BenchArgs {
    /// The shader to transform and time (a compute shader).
    #[arg(value_name = "IN")]
    pub(super) input: PathBuf,

    /// Seconds of measuring, both shaders together (at least 10 samples
    /// each are taken whatever it is).
    #[arg(long, value_name = "S", default_value_t = 2.0)]
    pub(super) seconds: f64,

    /// Print the result as one JSON object.
    #[arg(long, conflicts_with = "csv")]
    pub(super) json: bool,

    /// Print every sample as CSV (`role,sample,us_per_dispatch`) instead
    /// of the summary.
    #[arg(long)]
    pub(super) csv: bool,

    /// Draw the samples of the reference, the candidate and the reference
    /// again into an SVG file.
    #[arg(long, value_name = "FILE.svg")]
    pub(super) plot: Option<PathBuf>,

    /// Time the first dispatch alone: one dispatch per timed pass, every
    /// buffer and storage texture restored to its initial contents
    /// before it (outside the timed pass), instead of repeating the
    /// dispatch on what the previous one left.
    #[arg(long)]
    pub(super) fresh_buffers: bool,

    #[command(flatten)]
    pub(super) run: GpuRunArgs,

    #[command(flatten)]
    pub(super) common: CommonArgs,
}

#[cfg(feature = "gpu")]
/// `--loop-bound`: a number of iterations, or none.
#[derive(Clone, Copy, Debug)]
pub(super) struct LoopBound(pub(super) Option<u32>);

fn parse_loop_bound(text: &str) -> Result<LoopBound, String> {
    match text {
        "none" => Ok(LoopBound(None)),
        n => match n.parse::<u32>() {
            Ok(n) if n > 0 => Ok(LoopBound(Some(n))),
            _ => Err(format!(
                "`{n}` is not a number of iterations (1 or more) or `none`"
            )),
        },
    }
}

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

/// The options every command that compiles a shader shares. Their own
/// heading keeps them after a command's own options in its help.
#[derive(Args, Debug)]
#[command(next_help_heading = "Compile options")]
pub(super) struct CommonArgs {
    /// Passes to run: a comma-separated list of names, `all` (every pass that
    /// applies) or `none` (translation only).
    #[arg(long, value_name = "LIST", default_value = "all")]
    pub(super) passes: String,

    /// A pass option, `PASS.OPTION=VALUE`; may be given several times.
    #[arg(long = "pass-option", value_name = "PASS.OPTION=VALUE")]
    pub(super) pass_options: Vec<String>,

    /// How float-atomics rewrites float atomic min/max: `auto` (the signed
    /// bitcast where every value's sign is proven, else ordered), `ordered`
    /// (order-preserving u32 encoding, any sign), `signed` (i32 holding the
    /// float bits; an error where the sign is not proven) or `cas`
    /// (compare-exchange loops on the float bits: the reference).
    #[arg(long = "float-atomics", value_name = "STRATEGY", value_parser = PossibleValuesParser::new(float_atomics::STRATEGY_VALUES))]
    pub(super) float_atomics: Option<String>,

    /// NaN inputs of float atomic min/max: `propagate` (they take part in the
    /// order of the encoding) or `ignore` (a NaN leaves the atomic unchanged).
    #[arg(long = "float-atomics-nan", value_name = "MODE", value_parser = PossibleValuesParser::new(float_atomics::NAN_VALUES))]
    pub(super) float_atomics_nan: Option<String>,

    /// Features the target supports, comma-separated: subgroups,
    /// int64-atomic-min-max (64-bit min/max on storage, results unused),
    /// int64-atomics (every 64-bit atomic operation), f64,
    /// float32-atomic-add (f32 atomicAdd and atomicSub on storage memory, kept as they are).
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        value_parser = clap::builder::PossibleValuesParser::new(Target::FEATURES)
    )]
    pub(super) features: Vec<String>,

    /// The stage of a GLSL or HLSL input (default: from the extension;
    /// compute for .glsl and .hlsl).
    #[arg(long, value_enum)]
    pub(super) stage: Option<Stage>,

    /// Write only this entry point (GLSL output needs one when the shader
    /// has several); for HLSL input, the function to compile [default: main].
    #[arg(short = 'e', long, value_name = "NAME")]
    pub(super) entry_point: Option<String>,

    /// Which front end reads GLSL: `glslang` (glslangValidator, to SPIR-V),
    /// `naga` (naga's GLSL reader), or `auto`: glslang when it is on PATH.
    #[arg(long, value_name = "FRONT", value_parser = ["naga", "glslang", "auto"], default_value = "auto")]
    pub(super) glsl_front: String,

    /// A preprocessor definition for GLSL and HLSL, `NAME` or `NAME=VALUE`
    /// (through glslang); may be given several times.
    #[arg(short = 'D', long = "define", value_name = "NAME[=VALUE]")]
    pub(super) defines: Vec<String>,

    /// A folder searched for `#include` after the shader's own (through
    /// glslang); may be given several times.
    #[arg(short = 'I', long = "include-dir", value_name = "DIR")]
    pub(super) include_dirs: Vec<PathBuf>,

    /// For HLSL input, added to the binding of every register of a class:
    /// `t`, `s`, `b` or `u` (e.g. `s=16`, so that `register(s0)` and
    /// `register(t0)` get bindings 16 and 0); may be given several times.
    /// Without it, classes that would share a binding are parted by
    /// b=100, s=200, t=300, u=500.
    #[arg(long = "hlsl-register-shift", value_name = "CLASS=N", value_parser = shaderxform::front::parse_register_shift)]
    pub(super) hlsl_register_shifts: Vec<(shaderxform::front::HlslRegister, u32)>,

    /// The format of a storage image that the shader declares without one
    /// (GLSL `writeonly image2D img` without a format qualifier; SPIR-V
    /// with an `Unknown` format), by its name in the shader, in WGSL's spelling (e.g. `img=rgba16float`): the format
    /// of the texture the host binds; may be given several times.
    #[arg(long = "storage-format", value_name = "NAME=FORMAT", value_parser = shaderxform::front::parse_storage_format)]
    pub(super) storage_formats: Vec<(String, naga::StorageFormat)>,

    /// The severity of one of WGSL's uniformity rules for the whole shader,
    /// as its own `diagnostic(SEVERITY, RULE);` would give it
    /// (`derivative_uniformity=warning`: a `textureSample` in non-uniform
    /// control flow is a warning, and the WGSL written says so); the
    /// shader's own directive for that rule holds. RULE:
    /// derivative_uniformity or subgroup_uniformity; SEVERITY: off, info,
    /// warning or error. May be given for both rules.
    #[arg(long = "diagnostic", value_name = "RULE=SEVERITY", value_parser = shaderxform::front::parse_diagnostic)]
    pub(super) diagnostics: Vec<(
        shaderxform::passes::analysis::uniformity::Rule,
        naga::diagnostic_filter::Severity,
    )>,

    /// The format of the input, whatever its name says (HLSL in a `.comp`
    /// file), and of standard input (`-` as IN): wgsl, spv, spvasm, glsl
    /// (or comp, vert, frag) or hlsl.
    #[arg(long, value_name = "FORMAT", value_parser = ["wgsl", "spv", "spvasm", "glsl", "comp", "vert", "frag", "hlsl"])]
    pub(super) input_format: Option<String>,

    /// SPIR-V version of SPIR-V output, e.g. 1.3 [default: the lowest the
    /// shader needs: 1.0, or 1.3 with subgroup operations]. Validated for
    /// Vulkan 1.1 (1.2 for SPIR-V 1.5, 1.3 for SPIR-V 1.6).
    #[arg(long, value_name = "X.Y", value_parser = parse_spirv_version)]
    pub(super) spirv_version: Option<back::SpirvVersion>,

    /// GLSL version of GLSL output: 450, 460, 310es, 320es [default: 450].
    #[arg(long, value_name = "VERSION", value_parser = parse_glsl_version)]
    pub(super) glsl_version: Option<naga::back::glsl::Version>,

    /// HLSL shader model of HLSL output, e.g. 6.0 [default: 6.0, 6.2 for f16, 6.5 for ray queries].
    #[arg(long, value_name = "X.Y", value_parser = parse_shader_model)]
    pub(super) hlsl_shader_model: Option<naga::back::hlsl::ShaderModel>,

    /// Metal Shading Language version of Metal output [default: 2.4].
    #[arg(long, value_name = "X.Y", value_parser = parse_msl_version)]
    pub(super) msl_version: Option<(u8, u8)>,

    /// The compiler that reads WGSL output: `tint` (browsers, Dawn) gets
    /// every `enable` directive; `wgpu` (naga) none that it refuses
    /// (`enable subgroups;`).
    #[arg(long, value_name = "READER", default_value = "tint", value_parser = parse_wgsl_for)]
    pub(super) wgsl_for: back::WgslTarget,

    /// The value of a pipeline-overridable constant, `NAME=VALUE` (or
    /// `ID=VALUE`), for outputs other than WGSL; may be given several times.
    /// Overrides without a value take their defaults. A SPIR-V
    /// specialization constant that the front end must fix (an array
    /// length, the choice between resources on one binding) takes this
    /// value in every output.
    #[arg(long = "override", value_name = "NAME=VALUE", value_parser = parse_override)]
    pub(super) overrides: Vec<(String, f64)>,

    /// Treat warnings as errors: exit 1 and write nothing when there is
    /// any (a barrier that hoist-barriers had to fix, for one).
    #[arg(long)]
    pub(super) deny_warnings: bool,

    /// Accept the warnings and notes with this code (`hoist-barriers::
    /// divergent-barrier`, see docs/diagnostics.md): they are not printed
    /// or reported, and --deny-warnings does not deny them. Errors are
    /// never accepted. May be given several times.
    #[arg(long, value_name = "CODE")]
    pub(super) allow: Vec<String>,

    /// Make the warnings and notes with this code errors (see
    /// docs/diagnostics.md): a shader with one fails, and nothing is
    /// written. May be given several times.
    #[arg(long, value_name = "CODE")]
    pub(super) deny: Vec<String>,

    /// The largest shader file read: bytes, or with a K, M or G suffix
    /// (KiB, MiB, GiB). Only regular files are read (symbolic links
    /// followed), never devices or FIFOs.
    #[arg(long, value_name = "SIZE", default_value = "16M", value_parser = super::files::parse_byte_size)]
    pub(super) max_input_size: u64,

    /// Colors in diagnostics.
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto)]
    pub(super) color: ColorWhen,

    /// `human` diagnostics like rustc, or `json`: one object per line on stderr.
    #[arg(long, value_enum, default_value_t = MessageFormat::Human)]
    pub(super) message_format: MessageFormat,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub(super) enum Stage {
    Compute,
    Vertex,
    Fragment,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum ColorWhen {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum MessageFormat {
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
