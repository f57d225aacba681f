//! `float-atomics` end to end over corpus/float-atomics: the rewritten
//! shaders validate in every format, Tint accepts their WGSL, the report
//! tells the host what it needs, and snapshots pin the rewrite.

mod common;

use shaderxform::host::{decode_f32, decode_f64, encode_f32};
use shaderxform::{
    Compiler, EmitOptions, Options, OutputFormat, PassSelection, Report, Source, Target,
};

/// Every format written, the two read back and checked first.
const EVERY_FORMAT: [OutputFormat; 5] = [
    OutputFormat::Wgsl,
    OutputFormat::SpirvAssembly,
    OutputFormat::Hlsl,
    OutputFormat::Msl,
    OutputFormat::Glsl,
];

fn compiler() -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::Named(vec![shaderxform::passes::float_atomics::NAME.into()]),
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
        for format in EVERY_FORMAT {
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
        .map(|(path, source)| (common::display(&path), common::wgsl(&compiler, &source)))
        .collect();
    common::assert_tint_accepts(&shaders);
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

/// Every rewrite of the corpus names a strategy that `shaderxform-host`
/// reads, and the words the report says to clear to are the host crate's.
#[test]
fn the_host_crate_reads_every_strategy_and_clear_value_the_report_names() {
    use shaderxform::host::{Accumulation, FloatEncoding};
    let mut seen = std::collections::BTreeSet::new();
    for strategy in ["auto", "ordered", "signed", "cas"] {
        let compiler = Compiler::new(Options {
            passes: PassSelection::Named(vec![shaderxform::passes::float_atomics::NAME.into()]),
            pass_options: [(
                "float-atomics".to_string(),
                [("strategy".to_string(), strategy.to_string())].into(),
            )]
            .into(),
            ..Options::default()
        })
        .unwrap();
        for (path, source) in common::corpus("float-atomics") {
            let Ok(transformed) = compiler.transform(&source) else {
                continue; // `signed` is refused where no sign is proven
            };
            for change in transformed.passes[0]
                .changes
                .iter()
                .filter(|c| c.kind == "retype-atomic")
            {
                let name = change.strategy.as_deref().expect("a strategy");
                let encoding = FloatEncoding::from_strategy(name)
                    .unwrap_or_else(|| panic!("{}: unknown strategy {name}", path.display()));
                seen.insert(encoding.strategy());
                let f64 = change.details["float"] == "f64";
                for (key, accumulation) in [
                    ("clear_value_for_min", Accumulation::Min),
                    ("clear_value_for_max", Accumulation::Max),
                    ("clear_value_for_sum", Accumulation::Sum),
                ] {
                    let Some(word) = change.details.get(key) else {
                        continue;
                    };
                    let want = if f64 {
                        format!("{:#018x}", encoding.clear_f64(accumulation))
                    } else {
                        format!("{:#010x}", encoding.clear_f32(accumulation))
                    };
                    assert_eq!(word, &want, "{}: {key} under {name}", path.display());
                }
            }
        }
    }
    assert!(seen.len() >= 3, "strategies seen: {seen:?}");
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

/// f64 is naga's extension of WGSL, which wgpu reads and Tint does not:
/// WGSL of f64 is written for wgpu.
fn f64_compiler(target: Target) -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::Named(vec![shaderxform::passes::float_atomics::NAME.into()]),
        target,
        emit: EmitOptions {
            wgsl_for: shaderxform::WgslTarget::Wgpu,
            ..EmitOptions::default()
        },
        ..Options::default()
    })
    .unwrap()
}

fn int64_min_max() -> Target {
    Target {
        int64_atomic_min_max: true,
        ..Target::default()
    }
}

/// f64 min/max, from WGSL and from glslang's SPIR-V, become u64 min/max
/// on a target with 64-bit integer min/max, and validate as SPIR-V.
#[test]
fn f64_corpus_is_rewritten_onto_u64_atomics() {
    insta::glob!("../corpus/float-atomics/f64", "*.{wgsl,spvasm}", |path| {
        let relative = common::display(path);
        let source = Source::read(relative.as_ref(), None).unwrap();
        let compiler = f64_compiler(int64_min_max());
        let transformed = compiler
            .transform(&source)
            .unwrap_or_else(|f| panic!("{relative}: {f}"));
        let change = &transformed.passes[0].changes[0];
        assert_eq!(change.details["float"], "f64", "{relative}");
        assert!(change.message.contains("atomic<u64>"), "{relative}");
        let min_clear =
            u64::from_str_radix(&change.details["clear_value_for_min"][2..], 16).unwrap();
        let max_clear =
            u64::from_str_radix(&change.details["clear_value_for_max"][2..], 16).unwrap();
        assert_eq!(decode_f64(min_clear), f64::INFINITY, "{relative}");
        assert_eq!(decode_f64(max_clear), f64::NEG_INFINITY, "{relative}");
        for format in [OutputFormat::Wgsl, OutputFormat::SpirvAssembly] {
            let output = compiler
                .emit(&source, &transformed, format)
                .unwrap_or_else(|f| panic!("{relative} -> {format}: {f}"));
            insta::assert_snapshot!(format.extension(), output.text().unwrap());
        }
    });
}

#[test]
fn f64_min_max_needs_64_bit_atomics_on_the_target() {
    let source = Source::read(
        "corpus/float-atomics/f64/bounds_f64_storage.wgsl".as_ref(),
        None,
    )
    .unwrap();
    let failure = f64_compiler(Target::default())
        .transform(&source)
        .unwrap_err();
    let error = &failure.diagnostics[0];
    assert_eq!(
        error.code.as_deref(),
        Some("float-atomics::int64-atomics-missing")
    );
    assert!(
        error.message.contains("--features int64-atomic-min-max"),
        "{}",
        error.message
    );
}

/// f16 atomics in workgroup memory are widened to 32-bit words; Tint
/// accepts the result.
#[test]
fn f16_corpus_is_widened_onto_u32_atomics() {
    let mut wgsl = Vec::new();
    insta::glob!("../corpus/float-atomics/f16", "*.{wgsl,spvasm}", |path| {
        let relative = common::display(path);
        let source = Source::read(relative.as_ref(), None).unwrap();
        let compiler = compiler();
        let transformed = compiler
            .transform(&source)
            .unwrap_or_else(|f| panic!("{relative}: {f}"));
        for change in &transformed.passes[0].changes {
            assert_eq!(change.details["float"], "f16", "{relative}");
            assert!(change.message.contains("atomic<u32>"), "{relative}");
        }
        for format in [OutputFormat::Wgsl, OutputFormat::SpirvAssembly] {
            let output = compiler
                .emit(&source, &transformed, format)
                .unwrap_or_else(|f| panic!("{relative} -> {format}: {f}"));
            let text = output.text().unwrap().to_string();
            insta::assert_snapshot!(format!("f16_{}", format.extension()), text);
            if format == OutputFormat::Wgsl {
                wgsl.push((relative.clone(), text));
            }
        }
    });
    assert!(!wgsl.is_empty());
    common::assert_tint_accepts(&wgsl);
}

/// A compiler of float-atomics alone for a target with subgroups, and
/// with float add where `native_add`.
/// One atomic per subgroup, even where `auto` would make it one per
/// workgroup (the workgroup reduction has its own test below).
fn subgroup_compiler(native_add: bool, sum: &str) -> Compiler {
    aggregating_compiler(native_add, sum, "subgroup")
}

fn aggregating_compiler(native_add: bool, sum: &str, aggregate: &str) -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::Named(vec![shaderxform::passes::float_atomics::NAME.into()]),
        pass_options: [(
            "float-atomics".to_string(),
            [
                ("sum".to_string(), sum.to_string()),
                ("aggregate".to_string(), aggregate.to_string()),
            ]
            .into(),
        )]
        .into(),
        target: Target {
            subgroups: true,
            float32_atomic_add: native_add,
            ..Target::default()
        },
        ..Options::default()
    })
    .unwrap()
}

/// The sums of corpus/float-atomics/sums, reduced over the subgroup first
/// (on integer atomics, and on the target's own float add), are written
/// in every format; Tint accepts their WGSL where it holds no float
/// atomic; snapshots pin the compare-exchange lowering.
#[test]
fn subgroup_aggregated_sums_are_valid_everywhere() {
    let mut wgsl = Vec::new();
    insta::glob!("../corpus/float-atomics/sums", "*.wgsl", |path| {
        let relative = common::display(path);
        let source = Source::read(relative.as_ref(), None).unwrap();
        for (native_add, sum) in [
            (false, "compare-exchange"),
            (false, "relay"),
            (true, "compare-exchange"),
        ] {
            let what = format!("{relative} (native add {native_add}, sum {sum})");
            let compiler = subgroup_compiler(native_add, sum);
            let transformed = compiler
                .transform(&source)
                .unwrap_or_else(|f| panic!("{what}: {f}"));
            let changes = &transformed.passes[0].changes;
            assert!(
                changes.iter().any(
                    |c| c.details.get("float_addition_order").map(String::as_str)
                        == Some("changed")
                ),
                "{what}: no add aggregated: {changes:?}"
            );
            for format in EVERY_FORMAT {
                let output = compiler
                    .emit(&source, &transformed, format)
                    .unwrap_or_else(|f| panic!("{what} -> {format}: {f}"));
                let text = output.text().unwrap().to_string();
                if format == OutputFormat::Wgsl {
                    assert!(text.contains("subgroupAdd("), "{what}: {text}");
                    if !native_add && sum == "compare-exchange" {
                        insta::assert_snapshot!("aggregated_wgsl", text.clone());
                    }
                    // Tint has no float atomics: native adds are WGSL for wgpu.
                    if !native_add {
                        wgsl.push((what.clone(), text));
                    }
                }
            }
        }
    });
    assert!(wgsl.len() >= 10, "{}", wgsl.len());
    common::assert_tint_accepts(&wgsl);
}

/// The sums of corpus/float-atomics/sums under `aggregate=workgroup`
/// (on compare-exchange loops, relays and the target's own float add) are
/// written in every format, the SPIR-V checked by spirv-val; Tint accepts
/// their WGSL where it holds no float atomic. The adds every invocation
/// of a workgroup reaches on a shared address are one atomic per
/// workgroup; the others, behind bounds checks, keep the subgroup's
/// reduction, and a note says why.
#[test]
fn workgroup_aggregated_sums_are_valid_everywhere() {
    let mut wgsl = Vec::new();
    let mut per_workgroup = 0;
    for (path, source) in common::corpus("float-atomics/sums") {
        let relative = common::display(&path);
        // The adds every invocation of a workgroup reaches on one address.
        let expected = if relative.ends_with("uniform_workgroup_adds.wgsl") {
            // total, bins, looped, and partial (workgroup memory).
            4
        } else if relative.ends_with("uniform_workgroup_adds_3d.wgsl") {
            1
        } else {
            0
        };
        let uniform = expected > 0;
        for (native_add, sum) in [
            (false, "compare-exchange"),
            (false, "relay"),
            (true, "compare-exchange"),
        ] {
            let what = format!("{relative} (native add {native_add}, sum {sum})");
            let compiler = aggregating_compiler(native_add, sum, "workgroup");
            let transformed = compiler
                .transform(&source)
                .unwrap_or_else(|f| panic!("{what}: {f}"));
            let report = &transformed.passes[0];
            let adds: usize = report
                .changes
                .iter()
                .filter_map(|c| c.details.get("aggregated_adds_per_workgroup"))
                .map(|n| n.parse::<usize>().unwrap())
                .sum();
            let notes = report
                .diagnostics
                .iter()
                .filter(|d| d.code.as_deref() == Some("float-atomics::workgroup-not-applied"))
                .count();
            if uniform {
                assert_eq!(adds, expected, "{what}: {:?}", report.changes);
                assert_eq!(notes, 0, "{what}: {:?}", report.diagnostics);
            } else {
                assert_eq!(adds, 0, "{what}");
                assert!(notes > 0, "{what}: no note says why");
            }
            per_workgroup += adds;
            for format in [
                OutputFormat::Wgsl,
                OutputFormat::SpirvBinary,
                OutputFormat::Hlsl,
                OutputFormat::Msl,
                OutputFormat::Glsl,
            ] {
                let output = compiler
                    .emit(&source, &transformed, format)
                    .unwrap_or_else(|f| panic!("{what} -> {format}: {f}"));
                if format == OutputFormat::Wgsl {
                    let text = output.text().unwrap().to_string();
                    assert_eq!(
                        text.contains("workgroupBarrier()"),
                        uniform || relative.contains("hot_workgroup"),
                        "{what}: {text}"
                    );
                    if expected == 4 && !native_add && sum == "compare-exchange" {
                        insta::assert_snapshot!("workgroup_aggregated_wgsl", text.clone());
                    }
                    if !native_add {
                        wgsl.push((what.clone(), text));
                    }
                }
            }
        }
    }
    assert_eq!(per_workgroup, 15);
    common::assert_tint_accepts(&wgsl);
}

/// Mins and maxes that load first (`prefilter=load`) are written as WGSL
/// Tint accepts.
#[test]
fn tint_accepts_mins_and_maxes_loaded_first() {
    let compiler = Compiler::new(Options {
        passes: PassSelection::Named(vec![shaderxform::passes::float_atomics::NAME.into()]),
        pass_options: [(
            "float-atomics".to_string(),
            [("prefilter".to_string(), "load".to_string())].into(),
        )]
        .into(),
        ..Options::default()
    })
    .unwrap();
    let corpus = common::corpus("float-atomics");
    let loaded_first: usize = corpus
        .iter()
        .filter_map(|(_, source)| compiler.transform(source).ok())
        .flat_map(|t| t.passes[0].changes.clone())
        .filter_map(|c| c.details.get("min_max_loaded_first")?.parse::<usize>().ok())
        .sum();
    assert!(loaded_first >= 4, "{loaded_first} loaded first");
    let shaders: Vec<(String, String)> = corpus
        .into_iter()
        .map(|(path, source)| (common::display(&path), common::wgsl(&compiler, &source)))
        .collect();
    common::assert_tint_accepts(&shaders);
}

/// The fixed-point kernels of corpus/float-atomics/fixed under `sum=fixed`
/// (lanes summing first or not, the target adding floats natively or not)
/// are written in every format; Tint accepts their WGSL; a snapshot pins
/// the lowering; the reflection and the generated Rust module give the
/// host the format and the overflow word.
#[test]
fn fixed_point_sums_are_valid_everywhere_and_tell_the_host_their_format() {
    use shaderxform::reflect::rust_module::{rust_items, RustModuleOptions};
    use shaderxform::reflect::Rewritten;

    let mut wgsl = Vec::new();
    insta::glob!("../corpus/float-atomics/fixed", "*.wgsl", |path| {
        let relative = common::display(path);
        let source = Source::read(relative.as_ref(), None).unwrap();
        for (native_add, aggregate) in [(false, "subgroup"), (true, "subgroup"), (false, "none")] {
            let what = format!("{relative} (native add {native_add}, aggregate {aggregate})");
            let compiler = aggregating_compiler(native_add, "fixed", aggregate);
            let transformed = compiler
                .transform(&source)
                .unwrap_or_else(|f| panic!("{what}: {f}"));
            let change = &transformed.passes[0].changes[0];
            assert_eq!(change.strategy.as_deref(), Some("fixed-16.16"), "{what}");
            for format in EVERY_FORMAT {
                let output = compiler
                    .emit(&source, &transformed, format)
                    .unwrap_or_else(|f| panic!("{what} -> {format}: {f}"));
                let text = output.text().unwrap().to_string();
                if format == OutputFormat::Wgsl {
                    assert!(!text.contains("atomic<f32>"), "{what}: {text}");
                    if !native_add && aggregate == "subgroup" {
                        insta::assert_snapshot!("fixed_point_wgsl", text.clone());
                    }
                    wgsl.push((what.clone(), text));
                }
            }
            let reflection = transformed.reflection();
            let sum = reflection
                .bindings
                .iter()
                .find(|b| b.binding == 1)
                .expect("the sum's binding");
            let Some(Rewritten::FloatAtomics {
                encoding,
                fixed_point: Some(fixed),
                ..
            }) = sum.rewritten.first()
            else {
                panic!("{what}: {:#?}", sum.rewritten)
            };
            let encoding = shaderxform::host::FloatEncoding::from_strategy(encoding).unwrap();
            assert_eq!(
                encoding.fixed_point(),
                Some(shaderxform::host::FixedPoint::Q16_16)
            );
            assert_eq!((fixed.overflow_group, fixed.overflow_binding), (0, 2));
            let flag = reflection
                .bindings
                .iter()
                .find(|b| b.binding == 2)
                .expect("the overflow word is a binding");
            assert!(
                matches!(flag.rewritten.first(), Some(Rewritten::FloatAtomicsOverflow { bits }) if bits.values().eq([&0])),
                "{what}: {:#?}",
                flag.rewritten
            );
            let items = rust_items(
                &transformed.module,
                &reflection,
                &[],
                RustModuleOptions::default(),
            );
            for constant in [
                "pub const FLOAT_ENCODING: &str = \"fixed-16.16\";",
                "pub const FRACTION_BITS: u32 = 16;",
                "pub const OVERFLOW_BIT: u32 = 0;",
                "pub const CLEAR: u32 = 0;",
            ] {
                assert!(items.contains(constant), "{what}: {constant}\n{items}");
            }
        }
    });
    assert_eq!(wgsl.len(), 9);
    common::assert_tint_accepts(&wgsl);
}
