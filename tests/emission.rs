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
            wgsl.contains(&format!("var<private> f32_bits_{bits}")),
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
