//! The whole shaderxform pipeline over the translation corpus, beside a
//! plain naga round trip of the same shaders, so that the overhead of
//! shaderxform is a ratio measured in one run.
//!
//! `cargo bench --bench pipeline`
//!
//! Benchmarks (one iteration = every shader of `corpus/translate/` once):
//!
//! - `shaderxform/wgsl`, `shaderxform/spirv`: [`Compiler::compile`] with
//!   every pass selected: front end, passes, validation, emission and the
//!   emitters' fix-ups; for SPIR-V also spirv-val, in process.
//! - `naga/wgsl`, `naga/spirv`: parse, validate and write with naga alone,
//!   default options. SPIR-V assembly is assembled and the `subgroups`
//!   enable is stripped beforehand, outside the timed loop; before the
//!   SPIR-V writer, overrides get their default values as naga's own
//!   command line does.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use naga::valid::{Capabilities, ValidationFlags, Validator};
use naga::ShaderStage;
use shaderxform::{Compiler, InputFormat, Options, OutputFormat, PassSelection, Source};

/// The input formats the benchmark reads.
const EXTENSIONS: &[&str] = &["wgsl", "comp", "spvasm"];

/// The output formats the benchmark writes, with their benchmark names.
const FORMATS: &[(&str, OutputFormat)] = &[
    ("wgsl", OutputFormat::Wgsl),
    ("spirv", OutputFormat::SpirvBinary),
];

/// What plain naga parses: prepared outside the timed loop.
enum NagaInput {
    /// WGSL text, without the enables naga refuses.
    Wgsl(String),
    /// GLSL compute shader text.
    Glsl(String),
    /// Binary SPIR-V, little-endian bytes.
    Spirv(Vec<u8>),
}

struct Shader {
    source: Source,
    naga: NagaInput,
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/translate")
}

fn load_corpus() -> Vec<Shader> {
    let dir = corpus_dir();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("corpus directory entry").path())
        .filter(|path| {
            path.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| EXTENSIONS.contains(&e))
        })
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no shaders in {}", dir.display());
    paths
        .iter()
        .map(|path| {
            let source = Source::read(path, None)
                .unwrap_or_else(|e| panic!("cannot load {}: {e}", path.display()));
            let text = source
                .text()
                .unwrap_or_else(|| panic!("{} is not UTF-8 text", source.name));
            let naga = match source.format {
                InputFormat::Wgsl => NagaInput::Wgsl(
                    shaderxform::front::strip_unsupported_enables(text).into_owned(),
                ),
                InputFormat::Glsl(_) => NagaInput::Glsl(text.to_string()),
                InputFormat::SpirvAssembly => {
                    let words = shaderxform::front::assemble_spirv(text)
                        .unwrap_or_else(|d| panic!("cannot assemble {}: {d:?}", source.name));
                    NagaInput::Spirv(words.iter().flat_map(|w| w.to_le_bytes()).collect())
                }
                other => unreachable!("no {other:?} input in the benchmark corpus"),
            };
            Shader { source, naga }
        })
        .collect()
}

/// Parse, validate and write with naga alone; returns the output size.
fn naga_round_trip(input: &NagaInput, format: OutputFormat) -> Result<usize, String> {
    let module = match input {
        NagaInput::Wgsl(text) => naga::front::wgsl::parse_str(text).map_err(|e| e.to_string())?,
        NagaInput::Glsl(text) => naga::front::glsl::Frontend::default()
            .parse(
                &naga::front::glsl::Options::from(ShaderStage::Compute),
                text,
            )
            .map_err(|e| e.to_string())?,
        NagaInput::Spirv(bytes) => {
            naga::front::spv::parse_u8_slice(bytes, &naga::front::spv::Options::default())
                .map_err(|e| e.to_string())?
        }
    };
    let info = Validator::new(ValidationFlags::all(), Capabilities::all())
        .validate(&module)
        .map_err(|e| e.to_string())?;
    match format {
        OutputFormat::Wgsl => {
            naga::back::wgsl::write_string(&module, &info, naga::back::wgsl::WriterFlags::empty())
                .map(|text| text.len())
                .map_err(|e| e.to_string())
        }
        OutputFormat::SpirvBinary => {
            let (module, info) = naga::back::pipeline_constants::process_overrides(
                &module,
                &info,
                None,
                &naga::back::PipelineConstants::default(),
            )
            .map_err(|e| e.to_string())?;
            naga::back::spv::write_vec(&module, &info, &Default::default(), None)
                .map(|words| words.len() * 4)
                .map_err(|e| e.to_string())
        }
        other => unreachable!("{other} is not benchmarked"),
    }
}

fn compile(compiler: &Compiler, source: &Source, format: OutputFormat) -> Result<usize, String> {
    compiler
        .compile(source, &[format])
        .map(|compiled| compiled.outputs[0].bytes.len())
        .map_err(|failure| failure.to_string())
}

/// Every shader must go through both pipelines before anything is timed.
fn check_corpus(compiler: &Compiler, shaders: &[Shader]) {
    let mut failures = Vec::new();
    for shader in shaders {
        for &(name, format) in FORMATS {
            if let Err(e) = compile(compiler, &shader.source, format) {
                failures.push(format!("shaderxform/{name} {}: {e}", shader.source.name));
            }
            if let Err(e) = naga_round_trip(&shader.naga, format) {
                failures.push(format!("naga/{name} {}: {e}", shader.source.name));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "the benchmark corpus does not compile:\n{}",
        failures.join("\n")
    );
}

fn configure(group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>, shaders: usize) {
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(5))
        .throughput(Throughput::Elements(shaders as u64));
}

fn pipeline(c: &mut Criterion) {
    let shaders = load_corpus();
    let compiler = Compiler::new(Options {
        passes: PassSelection::All,
        ..Default::default()
    })
    .expect("every pass selected");
    check_corpus(&compiler, &shaders);

    let mut group = c.benchmark_group("shaderxform");
    configure(&mut group, shaders.len());
    for &(name, format) in FORMATS {
        group.bench_function(name, |b| {
            b.iter(|| {
                for shader in &shaders {
                    black_box(compile(&compiler, black_box(&shader.source), format).ok());
                }
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("naga");
    configure(&mut group, shaders.len());
    for &(name, format) in FORMATS {
        group.bench_function(name, |b| {
            b.iter(|| {
                for shader in &shaders {
                    black_box(naga_round_trip(black_box(&shader.naga), format).ok());
                }
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().without_plots();
    targets = pipeline
}
criterion_main!(benches);
