//! `float-atomics` end to end over corpus/float-atomics: the rewritten
//! shaders validate in every format, Tint accepts their WGSL, the report
//! tells the host what it needs, and snapshots pin the rewrite.

mod common;

use shaderxform::passes::float_order::{decode_f32, encode_f32};
use shaderxform::{Compiler, EmitOptions, Options, OutputFormat, PassSelection, Report, Source};

fn compiler() -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::Named(vec!["float-atomics".into()]),
        ..Options::default()
    })
    .unwrap()
}

#[test]
fn float_atomics_corpus_is_rewritten_and_valid_everywhere() {
    insta::glob!("../corpus/float-atomics", "*.wgsl", |path| {
        let relative = common::display(path);
        let source = Source::read(relative.as_ref(), None).unwrap();
        let compiler = compiler();
        let transformed = compiler
            .transform(&source)
            .unwrap_or_else(|f| panic!("{relative}: {f}"));
        assert!(
            transformed.passes[0]
                .changes
                .iter()
                .any(|c| c.kind == "retype-atomic"),
            "{relative}: nothing rewritten"
        );
        for format in [
            OutputFormat::Wgsl,
            OutputFormat::SpirvAssembly,
            OutputFormat::Hlsl,
            OutputFormat::Msl,
            OutputFormat::Glsl,
        ] {
            let output = compiler
                .emit(&source, &transformed, format)
                .unwrap_or_else(|f| panic!("{relative} -> {format}: {f}"));
            if matches!(format, OutputFormat::Wgsl | OutputFormat::SpirvAssembly) {
                insta::assert_snapshot!(format.extension(), output.text().unwrap());
            }
        }
    });
}

#[test]
fn tint_accepts_the_rewritten_wgsl() {
    let compiler = compiler();
    let shaders: Vec<(String, String)> = common::corpus("float-atomics")
        .into_iter()
        .map(|(path, source)| {
            let compiled = compiler.compile(&source, &[OutputFormat::Wgsl]).unwrap();
            (
                common::display(&path),
                compiled.outputs[0].text().unwrap().to_string(),
            )
        })
        .collect();
    let Some(results) = common::tint_check(&shaders) else {
        return;
    };
    for r in results {
        assert!(
            r.ok,
            "Tint rejects the rewritten {}: {:?}",
            r.name, r.messages
        );
    }
}

#[test]
fn the_report_tells_the_host_how_to_clear_the_buffer() {
    let source = Source::read(
        "corpus/float-atomics/bounds_storage_any_sign.wgsl".as_ref(),
        None,
    )
    .unwrap();
    let transformed = compiler().transform(&source).unwrap();
    let mut report = Report::new(&source);
    report.add_passes(&source, &transformed.passes);
    let change = &report.passes[0].changes[0];
    assert_eq!(change.strategy.as_deref(), Some("ordered"));
    assert_eq!(change.line, Some(11));
    assert_eq!(change.details["binding"], "1");
    assert_eq!(change.details["memory_holds_float_bits"], "false");
    // Clearing to these words makes the first min and max win.
    let min_clear = u32::from_str_radix(&change.details["clear_value_for_min"][2..], 16).unwrap();
    let max_clear = u32::from_str_radix(&change.details["clear_value_for_max"][2..], 16).unwrap();
    assert_eq!(decode_f32(min_clear), f32::INFINITY);
    assert_eq!(decode_f32(max_clear), f32::NEG_INFINITY);
    assert_eq!(encode_f32(f32::INFINITY), min_clear);
}

#[test]
fn the_signed_strategy_keeps_float_bits_in_memory() {
    let source = Source::read(
        "corpus/float-atomics/distance_min_workgroup_signed.wgsl".as_ref(),
        None,
    )
    .unwrap();
    let transformed = compiler().transform(&source).unwrap();
    let change = &transformed.passes[0].changes[0];
    assert_eq!(change.strategy.as_deref(), Some("signed"));
    assert_eq!(change.details["memory_holds_float_bits"], "true");
    let wgsl = compiler()
        .emit(&source, &transformed, OutputFormat::Wgsl)
        .unwrap();
    let text = wgsl.text().unwrap();
    assert!(
        text.contains("atomicMin((&best), bitcast<i32>(d))"),
        "{text}"
    );
}

#[test]
fn without_the_pass_float_min_is_naga_s_validation_error() {
    let source = Source::read(
        "corpus/float-atomics/bounds_storage_any_sign.wgsl".as_ref(),
        None,
    )
    .unwrap();
    let failure = common::translator(EmitOptions::default())
        .transform(&source)
        .unwrap_err();
    let text = format!("{:?}", failure.diagnostics);
    assert!(text.contains("Operator Min is not supported"), "{text}");
}
