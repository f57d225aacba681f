//! Every shader of corpus/translate through every output format with
//! `--passes none`: each output validates (naga, spirv-val inside the
//! pipeline, glslangValidator for GLSL), reads back, is deterministic, and
//! is pinned by a snapshot.

mod common;

use shaderxform::{EmitOptions, FailureKind, InputFormat, OutputFormat, Source};

/// The GLSL writer holds one entry point, so GLSL is written per entry
/// point.
fn entry_points(source: &Source) -> Vec<(String, naga::ShaderStage)> {
    let transformed = common::translator(EmitOptions::default())
        .transform(source)
        .unwrap_or_else(|f| panic!("{} does not compile: {f}", source.name));
    transformed
        .module
        .entry_points
        .iter()
        .map(|ep| (ep.name.clone(), ep.stage))
        .collect()
}

fn uses_f16(source: &Source) -> bool {
    source.text().is_some_and(|t| t.contains("enable f16;"))
}

#[test]
fn corpus_round_trips_through_every_format() {
    insta::glob!("../corpus/translate", "*.{wgsl,comp,spvasm}", |path| {
        let relative = common::display(path);
        let source = Source::read(relative.as_ref(), None).expect("readable");
        let compiler = common::translator(EmitOptions::default());
        let transformed = compiler
            .transform(&source)
            .unwrap_or_else(|f| panic!("{relative}: {f}"));

        for format in [
            OutputFormat::Wgsl,
            OutputFormat::SpirvAssembly,
            OutputFormat::Hlsl,
            OutputFormat::Msl,
        ] {
            let output = compiler
                .emit(&source, &transformed, format)
                .unwrap_or_else(|f| panic!("{relative} -> {format}: {f}"));
            let again = compiler.emit(&source, &transformed, format).unwrap();
            assert_eq!(output, again, "{relative} -> {format} is not deterministic");
            insta::assert_snapshot!(format.extension(), output.text().expect("text output"));
        }

        let spirv = compiler
            .emit(&source, &transformed, OutputFormat::SpirvBinary)
            .unwrap_or_else(|f| panic!("{relative} -> spv: {f}"));
        reads_back(&relative, &spirv.bytes, InputFormat::SpirvBinary);

        let wgsl = compiler
            .emit(&source, &transformed, OutputFormat::Wgsl)
            .unwrap();
        wgsl_is_a_fixpoint(&relative, wgsl.text().unwrap());

        for (name, stage) in entry_points(&source) {
            let per_entry = common::translator(EmitOptions {
                entry_point: Some(name.clone()),
                ..EmitOptions::default()
            });
            let result = per_entry.compile(&source, &[OutputFormat::Glsl]);
            if uses_f16(&source) {
                let failure = result.expect_err("GLSL has no f16");
                assert_eq!(failure.kind, FailureKind::Unsupported, "{relative}");
                continue;
            }
            let glsl = result.unwrap_or_else(|f| panic!("{relative} -> glsl ({name}): {f}"));
            let text = glsl.outputs[0].text().unwrap();
            insta::assert_snapshot!(format!("glsl-{name}"), text);
            if let Some(Err(log)) = common::glslang_validate(text, stage) {
                panic!("glslangValidator rejects the GLSL of {relative} ({name}):\n{log}");
            }
        }
    });
}

/// What we write, naga reads and validates again.
///
/// One known exception, asserted so that it is noticed when it goes away:
/// naga's SPIR-V reader turns a workgroup array of `uint` that is used
/// atomically into an array of atomics, but not the null constant that
/// zero-initialises it, and then rejects its own store. The SPIR-V is
/// valid (spirv-val accepts it); only naga cannot read it back.
///
/// The reading is naga's alone (front end and validator), without the
/// pipeline's check for divergent barriers: SPIR-V has no
/// `workgroupUniformLoad`, naga writes it as barrier, load, barrier, and
/// read back the load is a plain load of workgroup memory, which that
/// check cannot vouch for (as Tint would not, in the WGSL of that module).
fn reads_back(name: &str, bytes: &[u8], format: InputFormat) {
    let source = Source::new(format!("{name} (emitted)"), format, bytes.to_vec());
    let result = shaderxform::front::parse(&source, &Default::default())
        .map_err(|d| format!("{d:?}"))
        .and_then(|parsed| {
            shaderxform::passes::manager::validate(&parsed.module).map_err(|e| {
                let mut chain = e.as_inner().to_string();
                let mut cause = std::error::Error::source(e.as_inner());
                while let Some(c) = cause {
                    chain.push_str(&format!(": {c}"));
                    cause = c.source();
                }
                chain
            })
        });
    let workgroup_atomics = std::fs::read_to_string(name).is_ok_and(|text| {
        text.lines()
            .any(|l| l.contains("var<workgroup>") && l.contains("atomic<"))
    });
    match result {
        Ok(_) => assert!(
            !workgroup_atomics,
            "{name}: naga now reads back SPIR-V with zero-initialised workgroup atomics; drop the exception"
        ),
        Err(f) if workgroup_atomics => assert!(
            f.contains("doesn't match the type stored"),
            "{name}: the emitted {format} does not read back: {f}"
        ),
        Err(f) => panic!("{name}: the emitted {format} does not read back: {f}"),
    }
}

/// Reading our WGSL and writing it again changes nothing but names (naga's
/// namer turns `_e8` into `_e8_`, `_e7` into `_e7_1`, `limit_1` into
/// `limit_1_`): writer and reader agree on what the text means. A module
/// read from SPIR-V or GLSL may hold forms WGSL spells one way only
/// (`v[0u]` comes back as `v.x`), so the comparison starts from the first
/// WGSL that was read back.
fn wgsl_is_a_fixpoint(name: &str, wgsl: &str) {
    let second = rewrite_wgsl(name, wgsl);
    let third = rewrite_wgsl(name, &second);
    assert_eq!(
        common::canonical_temporaries(&third),
        common::canonical_temporaries(&second),
        "{name}: WGSL is not a fixpoint of read and write"
    );
}

fn rewrite_wgsl(name: &str, wgsl: &str) -> String {
    let source = Source::from_text(format!("{name} (emitted)"), InputFormat::Wgsl, wgsl);
    let compiled = common::translator(EmitOptions::default())
        .compile(&source, &[OutputFormat::Wgsl])
        .unwrap_or_else(|f| panic!("{name}: the emitted WGSL does not read back: {f}"));
    compiled.outputs[0].text().unwrap().to_string()
}

#[test]
fn corpus_covers_what_the_pipeline_must_handle() {
    let shaders = common::corpus("translate");
    assert!(shaders.len() >= 30, "at least 30 shaders");
    let text: String = shaders
        .iter()
        .filter_map(|(_, s)| s.text().map(str::to_owned))
        .collect();
    for needle in [
        "@compute",
        "@vertex",
        "@fragment",
        "var<storage, read_write>",
        "var<uniform>",
        "var<workgroup>",
        "atomic<u32>",
        "workgroupBarrier",
        "subgroupAdd",
        "enable f16;",
        "array<",
        "struct ",
    ] {
        assert!(text.contains(needle), "no corpus shader uses `{needle}`");
    }
}
