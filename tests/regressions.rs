//! corpus/regressions: valid shaders that once ended in an internal error
//! or in output a validator refused. Every one compiles, with every pass
//! and with none, to every format, without an internal error; where a
//! shader is refused, it is refused as the shader's fault, with a
//! position. The tests below check what each one is about.

mod common;

use std::path::Path;

use shaderxform::{
    Compiler, EmitOptions, FailureKind, Options, OutputFormat, PassSelection, Source, SpirvVersion,
    Target,
};

const FORMATS: [OutputFormat; 5] = [
    OutputFormat::Wgsl,
    OutputFormat::SpirvBinary,
    OutputFormat::Hlsl,
    OutputFormat::Msl,
    OutputFormat::Glsl,
];

fn compiler(passes: PassSelection, emit: EmitOptions) -> Compiler {
    Compiler::new(Options {
        passes,
        target: Target {
            subgroups: true,
            ..Target::default()
        },
        emit,
        ..Options::default()
    })
    .expect("valid options")
}

fn regression(name: &str) -> Source {
    let path = format!("corpus/regressions/{name}");
    Source::read(path.as_ref(), None)
        .or_else(|_| Source::read(&common::root().join(&path), None))
        .expect("readable")
}

/// The output of `name` in `format`, or the failure's kind and messages.
fn compile(
    name: &str,
    passes: PassSelection,
    format: OutputFormat,
) -> Result<Vec<u8>, (FailureKind, String)> {
    compile_with(name, passes, format, EmitOptions::default())
}

fn compile_with(
    name: &str,
    passes: PassSelection,
    format: OutputFormat,
    emit: EmitOptions,
) -> Result<Vec<u8>, (FailureKind, String)> {
    let source = regression(name);
    match compiler(passes, emit).compile(&source, &[format]) {
        Ok(mut compiled) => Ok(compiled.outputs.remove(0).bytes),
        Err(f) => Err((
            f.kind,
            f.diagnostics
                .iter()
                .map(|d| format!("{d:?}"))
                .collect::<Vec<_>>()
                .join("\n"),
        )),
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

/// The shaders of the folder that must be written for every format but
/// those their README names as unsupported.
fn regressions() -> Vec<String> {
    common::corpus("regressions")
        .into_iter()
        .map(|(path, _)| file_name(&path))
        .collect()
}

#[test]
fn no_regression_shader_ends_in_an_internal_error() {
    let names = regressions();
    assert!(!names.is_empty(), "{names:?}");
    let mut internal = Vec::new();
    for name in &names {
        for passes in [PassSelection::None, PassSelection::All] {
            for format in FORMATS {
                if let Err((FailureKind::Internal, message)) = compile(name, passes.clone(), format)
                {
                    internal.push(format!("{name} ({passes:?}) -> {format}: {message}"));
                }
            }
        }
    }
    assert!(internal.is_empty(), "{}", internal.join("\n\n"));
}

/// Whole structs and arrays move between buffers, workgroup memory,
/// locals and calls; SPIR-V gives workgroup memory its own undecorated
/// types, and spirv-val checks that every value that crosses was
/// converted, with `OpCopyLogical` from SPIR-V 1.4 and member by member
/// before.
#[test]
fn whole_values_cross_between_workgroup_memory_and_buffers_in_spirv() {
    for name in [
        "workgroup_values_shared_with_buffers.wgsl",
        "reference/workgroup_values_shared_with_buffers.reference.wgsl",
    ] {
        for version in [SpirvVersion(1, 3), SpirvVersion(1, 4)] {
            let emit = EmitOptions {
                spirv_version: Some(version),
                ..EmitOptions::default()
            };
            for passes in [PassSelection::None, PassSelection::All] {
                let spirv = compile_with(name, passes, OutputFormat::SpirvAssembly, emit.clone())
                    .unwrap_or_else(|(kind, m)| panic!("{name} at {version}: {kind:?}: {m}"));
                let text = String::from_utf8(spirv).unwrap();
                if name.starts_with("workgroup") {
                    let copies = text.contains("OpCopyLogical");
                    assert_eq!(copies, version >= SpirvVersion(1, 4), "{text}");
                }
            }
        }
    }
}

/// The same shader run as SPIR-V on an adapter (lavapipe in the test
/// environment) computes what its reference, whose workgroup types are
/// its own, computes.
#[cfg(feature = "gpu")]
#[test]
fn whole_values_crossing_workgroup_memory_compute_the_same_in_spirv() {
    use shaderxform::gpu::{self, Error, ShaderFormat, ValidateOptions, Verdict};
    let path = common::root().join("corpus/regressions/workgroup_values_shared_with_buffers.wgsl");
    for format in [ShaderFormat::Spirv, ShaderFormat::Wgsl] {
        let mut options = ValidateOptions::new(Options {
            passes: PassSelection::None,
            ..Options::default()
        });
        options.shader_format = format;
        // Compiling the zero-initialisation of workgroup arrays of structs
        // is slow on a loaded CPU adapter.
        options.timeout = std::time::Duration::from_secs(120);
        match gpu::validate(&path, &options) {
            Ok(v) => {
                assert_eq!(v.verdict, Verdict::Agree, "{}", v.describe());
                assert!(v.report.values_compared >= 3000, "{}", v.describe());
            }
            Err(Error::NoAdapter(e)) if std::env::var_os("SHADERXFORM_REQUIRE_GPU").is_none() => {
                eprintln!("skipped: no adapter ({e})");
            }
            Err(e) => panic!("{e}"),
        }
    }
}
