//! The reflection of the written interface: it follows its JSON Schema for
//! every corpus shader, it says what the passes changed, and a host that
//! builds its bind group layouts from it alone gets pipelines that wgpu 30
//! accepts for the WGSL written (lavapipe, or skipped without an adapter
//! unless SHADERXFORM_REQUIRE_GPU=1).

mod common;

use std::path::PathBuf;

use shaderxform::host::{Accumulation, FloatEncoding};
use shaderxform::reflect::{Binding, Reflection, Rewritten};
use shaderxform::{Compiler, EmitOptions, FailureKind, InputFormat, Options, Source, WgslTarget};

/// Every shader of the corpus but headers and the uniformity verdict cases.
fn corpus_shaders() -> Vec<PathBuf> {
    common::corpus_files_where(|p| {
        InputFormat::from_path(p, None).is_some()
            && !p
                .components()
                .any(|c| c.as_os_str() == "include" || c.as_os_str() == "uniformity")
    })
}

fn compiler(reader: WgslTarget) -> Compiler {
    Compiler::new(Options {
        emit: EmitOptions {
            wgsl_for: reader,
            ..EmitOptions::default()
        },
        front: shaderxform::front::FrontOptions {
            glsl_front: shaderxform::front::GlslFront::Naga,
            ..Default::default()
        },
        ..Options::default()
    })
    .expect("default options")
}

/// `(name, reflection, WGSL)` of every corpus shader that compiles.
fn reflected_corpus(reader: WgslTarget) -> Vec<(String, Reflection, String)> {
    let compiler = compiler(reader);
    let mut out = Vec::new();
    for path in corpus_shaders() {
        let name = common::display(&path);
        let source = Source::read(&path, None).expect("readable");
        match compiler.compile(&source, &[shaderxform::OutputFormat::Wgsl]) {
            Ok(compiled) => out.push((
                name,
                compiled.transformed.reflection(),
                compiled.outputs[0].text().unwrap().to_string(),
            )),
            Err(f) => assert!(f.kind != FailureKind::Internal, "{name}: {f}"),
        }
    }
    assert!(out.len() >= 60, "only {} shaders compiled", out.len());
    out
}

#[test]
fn every_corpus_reflection_follows_the_schema() {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(common::root().join("docs/reflection.schema.json")).unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the schema is valid");
    let mut kinds = std::collections::BTreeSet::new();
    for (name, reflection, _) in reflected_corpus(WgslTarget::Tint) {
        let json: serde_json::Value = serde_json::from_str(&reflection.to_json()).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&json)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{name}:\n{}", errors.join("\n"));
        kinds.extend(reflection.bindings.iter().map(|b| b.kind));
    }
    // The corpus exercises the kinds a host binds most.
    for kind in [
        "uniform-buffer",
        "storage-buffer",
        "sampler",
        "sampled-texture",
        "storage-texture",
    ] {
        assert!(kinds.contains(kind), "no {kind} in the corpus: {kinds:?}");
    }
    // And the schema refuses what it must: a reflection of another version.
    let mut wrong: serde_json::Value = serde_json::json!({
        "schema": 2, "entry_points": [], "overrides": [], "bindings": []
    });
    assert!(!validator.is_valid(&wrong));
    wrong["schema"] = 1.into();
    assert!(validator.is_valid(&wrong));
}

fn binding(reflection: &Reflection, group: u32, index: u32) -> &Binding {
    reflection
        .bindings
        .iter()
        .find(|b| b.group == group && b.binding == index)
        .unwrap_or_else(|| panic!("no binding {group}:{index} in {reflection:#?}"))
}

/// The reflection describes the buffer as written (integer atomics), and
/// the encoding and clear words the host needs.
#[test]
fn a_float_atomic_buffer_is_described_as_written_with_its_encoding() {
    let source = Source::read(
        &common::root().join("corpus/float-atomics/bounds_storage_any_sign.wgsl"),
        None,
    )
    .unwrap();
    let transformed = compiler(WgslTarget::Tint).transform(&source).unwrap();
    let reflection = transformed.reflection();
    let bounds = binding(&reflection, 0, 1);
    assert_eq!(bounds.kind, "storage-buffer");
    assert_eq!(bounds.access, Some("read_write"));
    let layout = bounds.layout.as_ref().expect("a buffer layout");
    let members: Vec<(&str, u32, &str)> = layout
        .members
        .iter()
        .map(|m| (m.name.as_str(), m.offset, m.ty.as_str()))
        .collect();
    assert_eq!(
        members,
        [("lo", 0, "atomic<u32>"), ("hi", 4, "atomic<u32>")],
        "the written struct holds words, not floats"
    );
    let [Rewritten::FloatAtomics {
        encoding,
        float,
        memory_holds_float_bits,
        clear_values,
        ..
    }] = bounds.rewritten.as_slice()
    else {
        panic!("{:#?}", bounds.rewritten)
    };
    assert_eq!(float, "f32");
    assert!(!memory_holds_float_bits);
    let encoding = FloatEncoding::from_strategy(encoding).expect("a known encoding");
    assert_eq!(encoding, FloatEncoding::Ordered);
    assert_eq!(
        clear_values["min"],
        format!("{:#010x}", encoding.clear_f32(Accumulation::Min))
    );
    assert_eq!(
        clear_values["max"],
        format!("{:#010x}", encoding.clear_f32(Accumulation::Max))
    );
    assert_eq!(
        (layout.size, layout.align, layout.min_binding_size),
        (8, 4, 8)
    );
    let ep = &reflection.entry_points[0];
    assert_eq!(ep.stage, "compute");
    assert!(ep.bindings.contains(&[0, 1]));
    assert!(ep
        .workgroup_size
        .is_some_and(|s| s.iter().all(Option::is_some)));
}

/// A GLSL combined image sampler, split on the way in through glslang: the
/// texture and the sampler each say where the combined one went.
#[test]
fn a_split_combined_sampler_is_described_on_both_bindings() {
    if common::tool("glslangValidator").is_none() {
        assert!(!common::tools_required(), "glslangValidator is required");
        return;
    }
    let source = Source::read(
        &common::root().join("corpus/glsl/shadow_compare.frag"),
        None,
    )
    .expect("readable");
    let compiler = Compiler::new(Options::default()).unwrap();
    let reflection = compiler.transform(&source).unwrap().reflection();
    let split: Vec<&Binding> = reflection
        .bindings
        .iter()
        .filter(|b| {
            b.rewritten
                .iter()
                .any(|r| matches!(r, Rewritten::SplitCombinedSampler { .. }))
        })
        .collect();
    assert!(split.len() >= 2, "{reflection:#?}");
    for b in &split {
        let Some(Rewritten::SplitCombinedSampler {
            texture, sampler, ..
        }) = b.rewritten.first()
        else {
            unreachable!()
        };
        let texture = binding(&reflection, texture[0], texture[1]);
        let sampler = binding(&reflection, sampler[0], sampler[1]);
        assert!(texture.kind.ends_with("-texture"), "{texture:#?}");
        assert!(sampler.kind.ends_with("sampler"), "{sampler:#?}");
    }
    let fragment = &reflection.entry_points[0];
    assert_eq!(fragment.stage, "fragment");
    assert!(!fragment.outputs.is_empty(), "{fragment:#?}");
}

/// The bind group layouts a host builds from the reflection alone.
fn layouts_from(
    reflection: &Reflection,
    ep: &str,
    visibility: wgpu::ShaderStages,
) -> Vec<Vec<wgpu::BindGroupLayoutEntry>> {
    let groups = reflection
        .bindings
        .iter()
        .filter(|b| b.used_by.iter().any(|u| u == ep))
        .map(|b| b.group + 1)
        .max()
        .unwrap_or(0);
    let mut layouts = vec![Vec::new(); groups as usize];
    for b in reflection
        .bindings
        .iter()
        .filter(|b| b.used_by.iter().any(|u| u == ep))
    {
        let view_dimension = match b.view_dimension {
            Some("1d") => wgpu::TextureViewDimension::D1,
            Some("2d-array") => wgpu::TextureViewDimension::D2Array,
            Some("cube") => wgpu::TextureViewDimension::Cube,
            Some("cube-array") => wgpu::TextureViewDimension::CubeArray,
            Some("3d") => wgpu::TextureViewDimension::D3,
            _ => wgpu::TextureViewDimension::D2,
        };
        let ty = match b.kind {
            "uniform-buffer" | "storage-buffer" => wgpu::BindingType::Buffer {
                ty: match b.kind {
                    "uniform-buffer" => wgpu::BufferBindingType::Uniform,
                    _ => wgpu::BufferBindingType::Storage {
                        read_only: b.access == Some("read"),
                    },
                },
                has_dynamic_offset: false,
                min_binding_size: b
                    .layout
                    .as_ref()
                    .and_then(|l| wgpu::BufferSize::new(l.min_binding_size)),
            },
            "sampler" => wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
            "comparison-sampler" => {
                wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Comparison)
            }
            "sampled-texture" | "depth-texture" => wgpu::BindingType::Texture {
                sample_type: match b.sample_type {
                    Some("sint") => wgpu::TextureSampleType::Sint,
                    Some("uint") => wgpu::TextureSampleType::Uint,
                    Some("depth") => wgpu::TextureSampleType::Depth,
                    _ => wgpu::TextureSampleType::Float { filterable: true },
                },
                view_dimension,
                multisampled: b.multisampled,
            },
            "storage-texture" => wgpu::BindingType::StorageTexture {
                access: match b.access {
                    Some("read") => wgpu::StorageTextureAccess::ReadOnly,
                    Some("write") => wgpu::StorageTextureAccess::WriteOnly,
                    _ => wgpu::StorageTextureAccess::ReadWrite,
                },
                format: storage_format(b.format.as_deref().unwrap_or_default()),
                view_dimension,
            },
            other => panic!("no wgpu binding for {other}"),
        };
        layouts[b.group as usize].push(wgpu::BindGroupLayoutEntry {
            binding: b.binding,
            visibility,
            ty,
            count: None,
        });
    }
    layouts
}

fn storage_format(name: &str) -> wgpu::TextureFormat {
    use wgpu::TextureFormat as F;
    match name {
        "rgba8unorm" => F::Rgba8Unorm,
        "rgba8snorm" => F::Rgba8Snorm,
        "rgba8uint" => F::Rgba8Uint,
        "rgba8sint" => F::Rgba8Sint,
        "bgra8unorm" => F::Bgra8Unorm,
        "rgba16float" => F::Rgba16Float,
        "rgba16uint" => F::Rgba16Uint,
        "rgba16sint" => F::Rgba16Sint,
        "rgba32float" => F::Rgba32Float,
        "rgba32uint" => F::Rgba32Uint,
        "rgba32sint" => F::Rgba32Sint,
        "r32float" => F::R32Float,
        "r32uint" => F::R32Uint,
        "r32sint" => F::R32Sint,
        "rg32float" => F::Rg32Float,
        "rg32uint" => F::Rg32Uint,
        "rg32sint" => F::Rg32Sint,
        other => panic!("storage format {other} is not in the test's table"),
    }
}

/// For every compute entry point of the corpus, a pipeline with layouts
/// made from the reflection alone (no `layout: auto`) is accepted by wgpu
/// for the WGSL written: kinds, access, sample types, formats, view
/// dimensions and minimum sizes all agree with what wgpu reads in the text.
#[cfg(feature = "gpu")]
#[test]
fn wgpu_accepts_pipelines_laid_out_from_the_reflection_alone() {
    use shaderxform::gpu::device::Gpu;
    let gpu = match Gpu::shared(None, None) {
        Ok(gpu) => gpu,
        Err(e) => {
            let required = std::env::var_os("SHADERXFORM_REQUIRE_GPU").is_some_and(|v| v != "0");
            assert!(!required, "SHADERXFORM_REQUIRE_GPU is set: {e:?}");
            eprintln!("skipping: {e:?}");
            return;
        }
    };
    let device = gpu.device();
    let mut checked = 0;
    let mut rejected = Vec::new();
    for (name, reflection, wgsl) in reflected_corpus(WgslTarget::Wgpu) {
        let wide = [
            "f16",
            "f64",
            "u64",
            "i64",
            "subgroup",
            "texture_external",
            "bgra8",
        ];
        if wide.iter().any(|w| wgsl.contains(w))
            || reflection.overrides.iter().any(|o| o.default.is_none())
            || reflection.bindings.iter().any(|b| {
                b.count.is_some()
                    || (b.kind == "storage-texture"
                        && b.access == Some("read_write")
                        && !b.format.as_deref().unwrap_or_default().starts_with("r32"))
            })
        {
            continue; // features the test adapter may lack; wgsl_consumers covers them
        }
        for ep in reflection
            .entry_points
            .iter()
            .filter(|e| e.stage == "compute")
        {
            let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
            let group_layouts: Vec<wgpu::BindGroupLayout> =
                layouts_from(&reflection, &ep.name, wgpu::ShaderStages::COMPUTE)
                    .iter()
                    .map(|entries| {
                        device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                            label: None,
                            entries,
                        })
                    })
                    .collect();
            let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: None,
                bind_group_layouts: &group_layouts.iter().map(Some).collect::<Vec<_>>(),
                immediate_size: 0,
            });
            let shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some(&name),
                source: wgpu::ShaderSource::Wgsl(wgsl.as_str().into()),
            });
            let _pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(&name),
                layout: Some(&layout),
                module: &shader,
                entry_point: Some(&ep.name),
                compilation_options: Default::default(),
                cache: None,
            });
            match pollster::block_on(scope.pop()) {
                Some(wgpu::Error::Validation { description, .. }) => {
                    rejected.push(format!("{name} ({}): {description}", ep.name))
                }
                Some(error) => rejected.push(format!("{name} ({}): {error}", ep.name)),
                None => checked += 1,
            }
        }
    }
    assert!(
        rejected.is_empty(),
        "layouts from the reflection disagree with the WGSL:\n{}",
        rejected.join("\n\n")
    );
    assert!(checked >= 30, "only {checked} pipelines checked");
}
