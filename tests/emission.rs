//! corpus/emission: one shader per gap between what naga writes and what
//! Tint and spirv-val accept. Every shader translates without a panic, to
//! SPIR-V that spirv-val accepts (inside the pipeline and again here) and
//! to WGSL that Tint compiles and that keeps the module's meaning where a
//! fix-up could lose it (struct layouts, values).

mod common;

use shaderxform::{
    back, EmitOptions, FailureKind, InputFormat, OutputFormat, Source, SpirvVersion,
};

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn version_of(words: &[u32]) -> SpirvVersion {
    SpirvVersion((words[1] >> 16) as u8, (words[1] >> 8) as u8)
}

fn compile(source: &Source, emit: EmitOptions, format: OutputFormat) -> Vec<u8> {
    common::translator(emit)
        .compile(source, &[format])
        .unwrap_or_else(|f| panic!("{} -> {format}: {:?}", source.name, f.diagnostics))
        .outputs
        .remove(0)
        .bytes
}

fn emission_shader(name: &str) -> Source {
    let path = format!("corpus/emission/{name}");
    Source::read(path.as_ref(), None)
        .or_else(|_| Source::read(&common::root().join(&path), None))
        .expect("readable")
}

#[test]
fn every_emission_shader_gives_spirv_that_spirv_val_accepts_and_wgsl_that_tint_accepts() {
    let shaders = common::corpus("emission");
    assert!(shaders.len() >= 15, "one shader per cause");
    let mut wgsl = Vec::new();
    for (path, source) in &shaders {
        let name = common::display(path);
        let compiler = common::translator(EmitOptions::default());
        let compiled = compiler
            .compile(source, &[OutputFormat::Wgsl, OutputFormat::SpirvBinary])
            .unwrap_or_else(|f| panic!("{name}: {:?} {:?}", f.kind, f.diagnostics));
        let again = compiler
            .compile(source, &[OutputFormat::Wgsl, OutputFormat::SpirvBinary])
            .unwrap();
        assert_eq!(
            compiled.outputs, again.outputs,
            "{name} is not deterministic"
        );

        let spirv = words(&compiled.outputs[1].bytes);
        let strict = back::validate_spirv(&spirv, version_of(&spirv));
        let file = path.file_name().unwrap().to_str().unwrap();
        match file {
            // Kept as a library (`Linkage`), which only plain SPIR-V has.
            "library_without_entry_point.wgsl" => {
                let e = strict.expect_err("Vulkan has no libraries");
                assert!(e.message.contains("Linkage"), "{name}: {}", e.message);
            }
            // Valid under uniformBufferStandardLayout (docs/emission.md);
            // SPIRV-Tools versions differ on whether they see the nested
            // struct's offsets under the default rules.
            "f16_matrix_uniform.wgsl" => {
                if let Err(e) = strict {
                    assert!(
                        e.message.contains("Uniform storage class"),
                        "{name}: {}",
                        e.message
                    );
                }
            }
            _ => strict.unwrap_or_else(|d| panic!("{name}: {}", d.message)),
        }
        if let Some(Err(log)) = spirv_val(&spirv, file) {
            panic!("spirv-val rejects the SPIR-V of {name}:\n{log}");
        }

        let text = compiled.outputs[0].text().unwrap().to_string();
        reads_back(&name, &text);
        wgsl.push((name, text));
    }
    common::assert_tint_accepts(&wgsl);
}

/// The spirv-val program (another build of SPIRV-Tools than the one linked
/// in), for the environment each shader is meant for.
fn spirv_val(words: &[u32], file: &str) -> Option<Result<(), String>> {
    let tool = common::tool("spirv-val")?;
    let version = version_of(words);
    let mut args = vec![match file {
        "library_without_entry_point.wgsl" => format!("spv{version}"),
        _ => match version.1 {
            0..=3 => "vulkan1.1".to_string(),
            4 => "vulkan1.1spv1.4".to_string(),
            5 => "vulkan1.2".to_string(),
            _ => "vulkan1.3".to_string(),
        },
    }];
    args.insert(0, "--target-env".to_string());
    if file == "f16_matrix_uniform.wgsl" {
        args.push("--uniform-buffer-standard-layout".to_string());
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("shader.spv");
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).expect("write SPIR-V");
    let out = std::process::Command::new(tool)
        .args(&args)
        .arg(&path)
        .output()
        .expect("spirv-val runs");
    Some(if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    })
}

/// naga reads the WGSL it was given back, to the same entry points.
fn reads_back(name: &str, wgsl: &str) {
    let source = Source::from_text(format!("{name} (emitted)"), InputFormat::Wgsl, wgsl);
    common::translator(EmitOptions::default())
        .transform(&source)
        .unwrap_or_else(|f| panic!("{name}: the emitted WGSL does not read back: {f}"));
}

#[test]
fn wgsl_of_the_emission_corpus() {
    insta::glob!("../corpus/emission", "*.{wgsl,comp}", |path| {
        let source = emission_shader(path.file_name().unwrap().to_str().unwrap());
        let wgsl = compile(&source, EmitOptions::default(), OutputFormat::Wgsl);
        insta::assert_snapshot!(String::from_utf8(wgsl).unwrap());
    });
}

fn struct_offsets(module: &naga::Module, name: &str) -> (Vec<u32>, u32) {
    module
        .types
        .iter()
        .find_map(|(_, ty)| match ty.inner {
            naga::TypeInner::Struct {
                ref members, span, ..
            } if ty.name.as_deref() == Some(name) => {
                Some((members.iter().map(|m| m.offset).collect(), span))
            }
            _ => None,
        })
        .unwrap_or_else(|| panic!("no struct {name}"))
}

#[test]
fn size_and_align_survive_in_the_wgsl_written() {
    let source = emission_shader("uniform_size_align_members.wgsl");
    let original = naga::front::wgsl::parse_str(source.text().unwrap()).unwrap();
    let wgsl =
        String::from_utf8(compile(&source, EmitOptions::default(), OutputFormat::Wgsl)).unwrap();
    let written = naga::front::wgsl::parse_str(&wgsl).unwrap();
    let layout = struct_offsets(&original, "Light");
    assert_eq!(layout, (vec![0, 16, 28, 32, 64], 96));
    assert_eq!(struct_offsets(&written, "Light"), layout, "{wgsl}");
}

#[test]
fn non_finite_floats_are_read_at_run_time() {
    let source = emission_shader("nonfinite_constants.comp");
    let wgsl =
        String::from_utf8(compile(&source, EmitOptions::default(), OutputFormat::Wgsl)).unwrap();
    for spelled in ["inff", "NaNf", "bitcast<f32>(2", "bitcast<f32>(4"] {
        assert!(!wgsl.contains(spelled), "`{spelled}` in\n{wgsl}");
    }
    for bits in ["7f800000", "ff800000", "7fc00000"] {
        assert!(
            wgsl.contains(&format!("var f32_bits_{bits}_: u32")),
            "{wgsl}"
        );
    }
    assert!(!wgsl.contains("isnan") && !wgsl.contains("isNan"), "{wgsl}");
}

#[test]
fn override_sized_arrays_keep_their_element_type() {
    let source = emission_shader("override_sized_workgroup_tile.wgsl");
    let wgsl =
        String::from_utf8(compile(&source, EmitOptions::default(), OutputFormat::Wgsl)).unwrap();
    assert!(
        wgsl.contains("var<workgroup> tile: array<f32, TILE>;"),
        "{wgsl}"
    );
    assert!(
        wgsl.contains("var<workgroup> flags: array<u32, TILE>;"),
        "{wgsl}"
    );
}

fn spirv_text(source: &Source, version: Option<SpirvVersion>) -> String {
    let emit = EmitOptions {
        spirv_version: version,
        ..EmitOptions::default()
    };
    String::from_utf8(compile(source, emit, OutputFormat::SpirvAssembly)).unwrap()
}

#[test]
fn sixteen_bit_storage_is_declared_only_where_it_is_used() {
    // f16 only in values: Float16, and no storage capability at all.
    let values = spirv_text(&emission_shader("f16_values_only.wgsl"), None);
    assert!(values.contains("OpCapability Float16"), "{values}");
    assert!(!values.contains("16BitAccess"), "{values}");

    // f16 in a uniform before SPIR-V 1.3 (where it became core): the
    // capability and its extension.
    let uniform = emission_shader("f16_matrix_uniform.wgsl");
    let old = spirv_text(&uniform, None);
    assert!(old.contains("UniformAndStorageBuffer16BitAccess"), "{old}");
    assert!(
        old.contains("OpExtension \"SPV_KHR_16bit_storage\""),
        "{old}"
    );
}

#[test]
fn storage_images_are_queried_and_accessed_as_vulkan_allows() {
    let dims = spirv_text(&emission_shader("storage_image_dimensions.wgsl"), None);
    assert!(!dims.contains("OpImageQuerySizeLod"), "{dims}");
    assert!(dims.contains("OpImageQuerySize"), "{dims}");
    let bgra = spirv_text(&emission_shader("storage_image_bgra8.wgsl"), None);
    assert!(
        bgra.contains("OpCapability StorageImageWriteWithoutFormat"),
        "{bgra}"
    );
}

#[test]
fn subgroups_pick_spirv_1_3_and_a_lower_pin_is_an_options_error() {
    let source = emission_shader("subgroup_vote_count.wgsl");
    assert!(spirv_text(&source, None).contains("; Version: 1.3"));
    let failure = common::translator(EmitOptions {
        spirv_version: Some(SpirvVersion(1, 2)),
        ..EmitOptions::default()
    })
    .compile(&source, &[OutputFormat::SpirvBinary])
    .expect_err("subgroups need 1.3");
    assert_eq!(failure.kind, FailureKind::Usage);
    assert!(failure.diagnostics[0].message.contains("1.3"), "{failure}");
}

/// The f32 bit patterns of `float_literal_extremes.wgsl`, by the names of
/// its constants and the indices of `out` it stores literals to.
const EXTREMES: [(&str, u32); 8] = [
    ("MAX", 0x7f7f_ffff),
    ("NEG_MAX", 0xff7f_ffff),
    ("MIN_NORMAL", 0x0080_0000),
    ("NEG_MIN_NORMAL", 0x8080_0000),
    ("MIN_SUBNORMAL", 0x0000_0001),
    ("MAX_SUBNORMAL", 0x007f_ffff),
    ("NEG_MIN_SUBNORMAL", 0x8000_0001),
    ("ZERO", 0x0000_0000),
];
/// `out[8..12]`: -0, the largest f32, the largest negative subnormal, 0.1.
const STORED: [u32; 4] = [0x8000_0000, 0x7f7f_ffff, 0x807f_ffff, 0x3dcc_cccd];

/// The f32 bits that a module's literals hold, and those read at run time
/// from the `f32_bits_*` variables of its entry points, never written
/// after their initialisers.
fn f32_bits(module: &naga::Module) -> Vec<u32> {
    let mut bits = Vec::new();
    for ep in &module.entry_points {
        let function = &ep.function;
        for (_, local) in function.local_variables.iter() {
            if local
                .name
                .as_deref()
                .is_some_and(|n| n.starts_with("f32_bits_"))
            {
                if let Some(naga::Expression::Literal(naga::Literal::U32(u))) =
                    local.init.map(|i| &function.expressions[i])
                {
                    bits.push(*u);
                }
            }
        }
    }
    let mut note = |expressions: &naga::Arena<naga::Expression>| {
        for (_, e) in expressions.iter() {
            if let naga::Expression::Literal(naga::Literal::F32(v)) = *e {
                bits.push(v.to_bits());
            }
        }
    };
    note(&module.global_expressions);
    for ep in &module.entry_points {
        note(&ep.function.expressions);
    }
    bits.sort_unstable();
    bits.dedup();
    bits
}

#[test]
fn extreme_float_literals_read_back_to_the_same_bits_in_naga_and_tint() {
    let source = emission_shader("float_literal_extremes.wgsl");
    let wgsl =
        String::from_utf8(compile(&source, EmitOptions::default(), OutputFormat::Wgsl)).unwrap();
    assert!(
        !wgsl.contains("340282350000000000000000000000000000000"),
        "the shortest decimal of the largest f32 is above it:\n{wgsl}"
    );
    // naga: the literals read back hold exactly the input's bits.
    let original = naga::front::wgsl::parse_str(source.text().unwrap()).unwrap();
    let written = naga::front::wgsl::parse_str(&wgsl)
        .unwrap_or_else(|e| panic!("naga does not read back:\n{wgsl}\n{e}"));
    let mut expected: Vec<u32> = EXTREMES
        .iter()
        .map(|&(_, bits)| bits)
        .chain(STORED)
        .collect();
    expected.sort_unstable();
    expected.dedup();
    assert_eq!(f32_bits(&original), expected, "the input's literals");
    assert_eq!(f32_bits(&written), expected, "{wgsl}");

    // Tint: the same bits, checked by Tint's own constant evaluation. The
    // constants are asserted by name, the stored values by their text.
    let mut asserts = String::new();
    for (name, bits) in EXTREMES {
        assert!(wgsl.contains(&format!("const {name}: f32 = ")), "{wgsl}");
        asserts += &format!("const_assert bitcast<u32>({name}) == {bits:#x}u;\n");
    }
    for (index, bits) in (8..).zip(STORED) {
        let prefix = format!("out[{index}] = ");
        let line = wgsl
            .lines()
            .find_map(|l| l.trim().strip_prefix(prefix.as_str()))
            .unwrap_or_else(|| panic!("no store to out[{index}]:\n{wgsl}"));
        let value = line.strip_suffix(';').unwrap();
        if bits == 0x8000_0000 {
            // Tint's constant evaluation makes -0 into +0 (WGSL lets it):
            // the sign is read at run time, from the bits.
            assert!(value.starts_with("bitcast<f32>("), "{wgsl}");
            assert!(
                wgsl.contains("var f32_bits_80000000_: u32 = 2147483648u;"),
                "{wgsl}"
            );
            continue;
        }
        // Every stored value is typed f32 (suffix or bitcast); a
        // conversion `f32(..)` would drop the sign of zero in Tint.
        asserts += &format!("const_assert bitcast<u32>({value}) == {bits:#x}u;\n");
    }
    common::assert_tint_accepts(&[
        ("float_literal_extremes (written)".into(), wgsl.clone()),
        (
            "float_literal_extremes (values asserted)".into(),
            format!("{wgsl}\n{asserts}"),
        ),
    ]);
    // Tint rejects a wrong assertion, so the one above can fail.
    let wrong = format!("{wgsl}\nconst_assert bitcast<u32>(MAX) == 0x7f800000u;\n");
    if let Some(results) = common::tint_check(&[("wrong".into(), wrong)]) {
        assert!(!results[0].ok);
    }
}

fn unsupported_shader(name: &str) -> Source {
    let path = format!("corpus/unsupported/{name}");
    Source::read(&common::root().join(&path), None).expect("readable")
}

#[test]
fn external_textures_are_refused_by_name_and_position_for_every_target_but_wgsl() {
    let source = unsupported_shader("video_external_texture.wgsl");
    let compiler = common::translator(EmitOptions::default());
    let wgsl = compiler
        .compile(&source, &[OutputFormat::Wgsl])
        .unwrap_or_else(|f| panic!("{f}"));
    let text = wgsl.outputs[0].text().unwrap();
    assert!(text.contains("texture_external"), "{text}");
    common::assert_tint_accepts(&[("video_external_texture".into(), text.to_string())]);
    let declaration = source
        .text()
        .unwrap()
        .find("var myTexture")
        .expect("the declaration");
    for (format, target) in [
        (OutputFormat::SpirvBinary, "SPIR-V"),
        (OutputFormat::SpirvAssembly, "SPIR-V"),
        (OutputFormat::Glsl, "GLSL"),
        (OutputFormat::Hlsl, "HLSL"),
        (OutputFormat::Msl, "Metal"),
    ] {
        let failure = compiler
            .compile(&source, &[format])
            .expect_err("no external textures");
        assert_eq!(
            failure.kind,
            FailureKind::Unsupported,
            "{format}: {failure}"
        );
        let d = &failure.diagnostics[0];
        assert_eq!(d.code.as_deref(), Some("emit::unsupported"));
        assert!(d.message.contains(target), "{}", d.message);
        assert!(d.message.contains("texture_external"), "{}", d.message);
        assert!(d.message.contains("myTexture"), "{}", d.message);
        let span = d.primary_span().expect("a position").to_range().unwrap();
        assert!(
            span.contains(&declaration)
                || span.start >= declaration && span.start < declaration + 40,
            "{format}: {span:?} is not the declaration at {declaration}"
        );
    }
}

/// What naga's SPIR-V writer writes as SPIR-V that Vulkan refuses (the
/// `sample_mask` built-in as a scalar, a `discard` that leaves a continue
/// construct) is refused for SPIR-V in the entry point or at the
/// `discard`, as the target's limit; WGSL is written, and Tint takes it.
#[test]
fn constructs_naga_writes_as_invalid_spirv_are_refused_for_spirv_in_place() {
    for (name, at, says) in [
        ("sample_mask.wgsl", "fn main", "sample_mask"),
        ("discard_in_continuing.wgsl", "discard;", "discard"),
    ] {
        let source = unsupported_shader(name);
        let text = source.text().unwrap().to_string();
        let compiler = common::translator(EmitOptions::default());
        let wgsl = compiler
            .compile(&source, &[OutputFormat::Wgsl])
            .unwrap_or_else(|f| panic!("{name}: {f}"));
        common::assert_tint_accepts(&[(name.into(), wgsl.outputs[0].text().unwrap().to_string())]);
        let failure = compiler
            .compile(&source, &[OutputFormat::SpirvBinary])
            .expect_err("refused for SPIR-V");
        assert_eq!(failure.kind, FailureKind::Unsupported, "{name}: {failure}");
        let d = &failure.diagnostics[0];
        assert_eq!(d.code.as_deref(), Some("emit::unsupported"), "{name}");
        assert!(d.message.contains(says), "{name}: {}", d.message);
        let span = d.primary_span().expect("a position").to_range().unwrap();
        let line = |offset: usize| text[..offset].lines().count();
        let declared = text.find(at).unwrap();
        if name == "sample_mask.wgsl" {
            assert!(line(span.start) >= line(declared), "{name}: {d:?}");
        } else {
            assert_eq!(line(span.start), line(declared), "{name}: {d:?}");
        }
    }
}

#[test]
fn overrides_without_defaults_stay_overrides_in_wgsl_and_are_named_for_other_targets() {
    let source = unsupported_shader("overrides_without_defaults.wgsl");
    let compiler = common::translator(EmitOptions::default());
    let wgsl = compiler
        .compile(&source, &[OutputFormat::Wgsl])
        .unwrap_or_else(|f| panic!("WGSL keeps overrides: {f}"));
    let text = wgsl.outputs[0].text().unwrap();
    assert!(text.contains("override scale: f32;"), "{text}");
    assert!(text.contains("@id(7) override count: u32;"), "{text}");
    common::assert_tint_accepts(&[("overrides_without_defaults".into(), text.to_string())]);
    for format in [
        OutputFormat::SpirvBinary,
        OutputFormat::Glsl,
        OutputFormat::Hlsl,
        OutputFormat::Msl,
    ] {
        let failure = compiler.compile(&source, &[format]).expect_err("no value");
        assert_eq!(failure.kind, FailureKind::Usage, "{format}: {failure}");
        let d = &failure.diagnostics[0];
        assert!(d.message.contains("`scale`"), "{}", d.message);
        assert!(d.message.contains("`count`"), "{}", d.message);
        assert!(!d.message.contains("`bias`"), "{}", d.message);
        assert!(d.primary_span().is_some(), "{format}: no position");
        assert!(
            d.notes.iter().any(|n| n.contains("--override")),
            "{:?}",
            d.notes
        );
    }
    let mut values = std::collections::BTreeMap::new();
    values.insert("scale".to_string(), 2.0);
    values.insert("7".to_string(), 64.0);
    let given = common::translator(EmitOptions {
        overrides: values,
        ..EmitOptions::default()
    });
    for format in [
        OutputFormat::SpirvBinary,
        OutputFormat::Hlsl,
        OutputFormat::Msl,
        OutputFormat::Glsl,
    ] {
        given
            .compile(&source, &[format])
            .unwrap_or_else(|f| panic!("{format} with values: {f}"));
    }
}

/// f16 literals as naga writes them (the shortest decimal of the value as
/// an f32) read back to the same bits in naga and in Tint: the largest,
/// the smallest normal and both ends of the subnormals.
#[test]
fn extreme_f16_literals_read_back_to_the_same_bits() {
    const HALVES: [(&str, &str, u16); 5] = [
        ("H_MAX", "65504.0h", 0x7bff),
        ("H_NEG_MAX", "-65504.0h", 0xfbff),
        ("H_MIN_NORMAL", "0.00006103515625h", 0x0400),
        ("H_MIN_SUBNORMAL", "0.000000059604645h", 0x0001),
        ("H_MAX_SUBNORMAL", "0.000060975552h", 0x03ff),
    ];
    let mut text = String::from("enable f16;\n");
    for (name, literal, _) in HALVES {
        text += &format!("const {name}: f16 = {literal};\n");
    }
    text += "@group(0) @binding(0) var<storage, read_write> out: array<f16, 6>;\n@compute @workgroup_size(1)\nfn main() {\n";
    for (i, (name, _, _)) in HALVES.iter().enumerate() {
        text += &format!("    out[{i}] = {name};\n");
    }
    text += "}\n";
    let source = Source::from_text("f16_extremes.wgsl", InputFormat::Wgsl, text);
    let wgsl =
        String::from_utf8(compile(&source, EmitOptions::default(), OutputFormat::Wgsl)).unwrap();
    let written = naga::front::wgsl::parse_str(&wgsl)
        .unwrap_or_else(|e| panic!("naga does not read back:\n{wgsl}\n{e}"));
    let mut bits: Vec<u16> = written
        .global_expressions
        .iter()
        .filter_map(|(_, e)| match *e {
            naga::Expression::Literal(naga::Literal::F16(v)) => Some(v.to_bits()),
            _ => None,
        })
        .collect();
    bits.sort_unstable();
    let mut expected: Vec<u16> = HALVES.iter().map(|&(_, _, b)| b).collect();
    expected.sort_unstable();
    assert_eq!(bits, expected, "{wgsl}");
    let mut asserts = String::new();
    for (name, _, bits) in HALVES {
        asserts += &format!("const_assert bitcast<u32>(vec2<f16>({name}, 0h)) == {bits:#x}u;\n");
    }
    common::assert_tint_accepts(&[("f16_extremes".into(), format!("{wgsl}\n{asserts}"))]);
}

/// f64 literals, which only naga reads (WGSL has no f64; naga writes them
/// with its `lf` suffix), read back to the same bits at the extremes.
#[test]
fn extreme_f64_literals_read_back_to_the_same_bits_in_naga() {
    let values = [
        f64::MAX,
        -f64::MAX,
        f64::MIN_POSITIVE,
        f64::from_bits(1),
        f64::from_bits(0x000f_ffff_ffff_ffff),
        -0.0,
    ];
    let mut text = format!(
        "@group(0) @binding(0) var<storage, read_write> out: array<f64, {}>;\n@compute @workgroup_size(1)\nfn main() {{\n",
        values.len()
    );
    for (i, v) in values.iter().enumerate() {
        text += &format!("    out[{i}] = {v:?}lf;\n");
    }
    text += "}\n";
    let source = Source::from_text("f64_extremes.wgsl", InputFormat::Wgsl, text);
    // f64 is naga's extension of WGSL, which wgpu reads and Tint does not.
    let compiler = shaderxform::Compiler::new(shaderxform::Options {
        passes: shaderxform::PassSelection::None,
        target: shaderxform::Target {
            float64: true,
            ..Default::default()
        },
        emit: shaderxform::EmitOptions {
            wgsl_for: shaderxform::WgslTarget::Wgpu,
            ..Default::default()
        },
        ..Default::default()
    })
    .unwrap();
    let compiled = compiler
        .compile(&source, &[OutputFormat::Wgsl])
        .unwrap_or_else(|f| panic!("{f}"));
    let wgsl = compiled.outputs[0].text().unwrap();
    let written = naga::front::wgsl::parse_str(wgsl)
        .unwrap_or_else(|e| panic!("naga does not read back:\n{wgsl}\n{e}"));
    let mut bits: Vec<u64> = written.entry_points[0]
        .function
        .expressions
        .iter()
        .filter_map(|(_, e)| match *e {
            naga::Expression::Literal(naga::Literal::F64(v)) => Some(v.to_bits()),
            _ => None,
        })
        .collect();
    bits.sort_unstable();
    let mut expected: Vec<u64> = values.iter().map(|v| v.to_bits()).collect();
    expected.sort_unstable();
    assert_eq!(bits, expected, "{wgsl}");
}

/// Metal has no 64-bit floats: naga's writer would stop at `unreachable!`;
/// the output is refused at the type, and the other targets still write it.
#[test]
fn doubles_are_refused_for_metal_and_written_for_the_other_targets() {
    let text = "#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer B { double v[]; };
void main() { uint i = gl_GlobalInvocationID.x; v[i] = v[i] * double(2.0); }
";
    let source = Source::from_text(
        "doubles.comp",
        InputFormat::Glsl(naga::ShaderStage::Compute),
        text,
    );
    let compiler = common::translator(EmitOptions::default());
    let failure = compiler
        .compile(&source, &[OutputFormat::Msl])
        .expect_err("Metal has no doubles");
    assert_eq!(failure.kind, FailureKind::Unsupported, "{failure}");
    let d = &failure.diagnostics[0];
    assert_eq!(d.code.as_deref(), Some("emit::unsupported"));
    assert!(d.message.contains("64-bit float"), "{}", d.message);
    for format in [
        OutputFormat::SpirvBinary,
        OutputFormat::Glsl,
        OutputFormat::Hlsl,
    ] {
        compile(&source, EmitOptions::default(), format);
    }
}

/// A pointer to an element or member of a local or private variable
/// passed to a function: naga's SPIR-V writer has no value for it, so it
/// goes through a temporary. The SPIR-V computes what a shader without
/// the calls computes, on a real adapter.
#[test]
fn pointers_into_composites_passed_to_functions_reach_spirv() {
    use shaderxform::gpu::ShaderFormat;
    let dir = tempfile::tempdir().unwrap();
    let candidate = dir.path().join("calls.wgsl");
    let reference = dir.path().join("inlined.wgsl");
    let common = "struct P { pos: vec2f, w: f32 }
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
var<private> g: array<f32, 4>;
";
    std::fs::write(
        &candidate,
        format!(
            "{common}
fn add_one(p: ptr<function, f32>) {{ *p = *p + 1.0; }}
fn scale(v: ptr<function, vec2f>, k: f32) {{ *v = *v * k; }}
fn triple(p: ptr<private, f32>) {{ *p = *p * 3.0; }}
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {{
    var a = array<f32, 4>(1.0, 2.0, 3.0, 4.0);
    var s = P(vec2f(1.0, 2.0), 5.0);
    add_one(&a[2]);
    add_one(&a[id.x % 4u]);
    scale(&s.pos, 2.0);
    add_one(&s.w);
    g[1] = f32(id.x);
    triple(&g[1]);
    out[id.x] = a[0] + 10.0 * a[1] + 100.0 * a[2] + 1000.0 * a[3] + s.pos.x + s.pos.y + s.w + g[1];
}}
"
        ),
    )
    .unwrap();
    std::fs::write(
        &reference,
        format!(
            "{common}
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {{
    var a = array<f32, 4>(1.0, 2.0, 3.0, 4.0);
    var s = P(vec2f(1.0, 2.0), 5.0);
    a[2] = a[2] + 1.0;
    a[id.x % 4u] = a[id.x % 4u] + 1.0;
    s.pos = s.pos * 2.0;
    s.w = s.w + 1.0;
    g[1] = f32(id.x);
    g[1] = g[1] * 3.0;
    out[id.x] = a[0] + 10.0 * a[1] + 100.0 * a[2] + 1000.0 * a[3] + s.pos.x + s.pos.y + s.w + g[1];
}}
"
        ),
    )
    .unwrap();
    let source = Source::read(&candidate, None).unwrap();
    let spirv = compile(&source, EmitOptions::default(), OutputFormat::SpirvBinary);
    assert!(!spirv.is_empty());
    common::assert_agrees_on_the_adapter(
        &candidate,
        &reference,
        ShaderFormat::Spirv,
        ("out", 256),
        4,
    );
}
