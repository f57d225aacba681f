//! The reflection of the written interface: it follows its JSON Schema for
//! every corpus shader, it says what the passes changed, and a host that
//! builds its bind group layouts from it alone gets pipelines that wgpu 30
//! accepts for the WGSL written, and bind groups made from it fit the
//! layouts wgpu reflects itself (lavapipe, or skipped without an adapter
//! unless SHADERXFORM_REQUIRE_GPU=1).

#[cfg(feature = "gpu")]
#[path = "reflect/auto_layout.rs"]
mod auto_layout;
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

fn schema_validator() -> jsonschema::Validator {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(common::root().join("docs/reflection.schema.json")).unwrap(),
    )
    .unwrap();
    jsonschema::validator_for(&schema).expect("the schema is valid")
}

#[test]
fn every_corpus_reflection_follows_the_schema() {
    let validator = schema_validator();
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
/// The bind group layouts of a pipeline of `entry_points`, each binding
/// visible to the stages of the entry points that use it (a storage buffer
/// written by the fragment stage alone may not be visible to the vertex
/// stage without a feature).
fn layouts_from(
    reflection: &Reflection,
    entry_points: &[&str],
) -> Vec<Vec<wgpu::BindGroupLayoutEntry>> {
    let visibility = |b: &Binding| {
        reflection
            .entry_points
            .iter()
            .filter(|e| entry_points.contains(&e.name.as_str()) && b.used_by.contains(&e.name))
            .fold(wgpu::ShaderStages::NONE, |stages, e| {
                stages
                    | match e.stage {
                        "vertex" => wgpu::ShaderStages::VERTEX,
                        "fragment" => wgpu::ShaderStages::FRAGMENT,
                        _ => wgpu::ShaderStages::COMPUTE,
                    }
            })
    };
    let used = |b: &&Binding| b.used_by.iter().any(|u| entry_points.contains(&u.as_str()));
    let groups = reflection
        .bindings
        .iter()
        .filter(used)
        .map(|b| b.group + 1)
        .max()
        .unwrap_or(0);
    let mut layouts = vec![Vec::new(); groups as usize];
    for b in reflection.bindings.iter().filter(used) {
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
                    Some("unfilterable-float") => {
                        wgpu::TextureSampleType::Float { filterable: false }
                    }
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
            visibility: visibility(b),
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

/// For every compute entry point of the corpus, and every fragment entry
/// point with a vertex entry point that feeds it, a pipeline with layouts
/// made from the reflection alone (no `layout: auto`) is accepted by wgpu
/// for the WGSL written: kinds, access, sample types, formats, view
/// dimensions and minimum sizes all agree with what wgpu reads in the text,
/// and so do the vertex inputs' locations and formats and the fragment
/// outputs' locations and scalar types.
#[cfg(feature = "gpu")]
#[test]
fn wgpu_accepts_pipelines_laid_out_from_the_reflection_alone() {
    let Some(gpu) = adapter_or_skip() else {
        return;
    };
    let device = gpu.device();
    let (mut checked, mut render) = (0, 0);
    let mut rejected = Vec::new();
    for (name, reflection, wgsl) in reflected_corpus(WgslTarget::Wgpu) {
        if needs_what_the_adapter_may_lack(&reflection, &wgsl) {
            continue; // wgsl_consumers covers them
        }
        let shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some(&name),
            source: wgpu::ShaderSource::Wgsl(wgsl.as_str().into()),
        });
        for stages in pipelines_of(&reflection) {
            let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
            let group_layouts: Vec<wgpu::BindGroupLayout> = layouts_from(&reflection, &stages)
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
            if let [compute] = stages.as_slice() {
                let _ = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                    label: Some(&name),
                    layout: Some(&layout),
                    module: &shader,
                    entry_point: Some(compute),
                    compilation_options: Default::default(),
                    cache: None,
                });
            } else {
                let ep = |n: &str| {
                    reflection
                        .entry_points
                        .iter()
                        .find(|e| e.name == n)
                        .unwrap()
                };
                let (vertex, fragment) = (ep(stages[0]), ep(stages[1]));
                render_pipeline(device, &shader, &layout, vertex, fragment);
            }
            let what = format!("{name} ({})", stages.join(" + "));
            match pollster::block_on(scope.pop()) {
                Some(wgpu::Error::Validation { description, .. }) => {
                    rejected.push(format!("{what}: {description}"))
                }
                Some(error) => rejected.push(format!("{what}: {error}")),
                None if stages.len() == 2 => render += 1,
                None => checked += 1,
            }
        }
    }
    assert!(
        rejected.is_empty(),
        "layouts from the reflection disagree with the WGSL:\n{}",
        rejected.join("\n\n")
    );
    assert!(checked >= 30, "only {checked} compute pipelines checked");
    assert!(render >= 5, "only {render} render pipelines checked");
}

/// The test adapter (lavapipe in CI), or `None` and a message when there
/// is none and SHADERXFORM_REQUIRE_GPU is not set.
#[cfg(feature = "gpu")]
fn adapter_or_skip() -> Option<std::sync::Arc<shaderxform::gpu::device::Gpu>> {
    match shaderxform::gpu::device::Gpu::shared(None, None) {
        Ok(gpu) => Some(gpu),
        Err(e) => {
            assert!(
                !common::gpu_required(),
                "SHADERXFORM_REQUIRE_GPU is set: {e:?}"
            );
            eprintln!("skipping: {e:?}");
            None
        }
    }
}

/// Whether a shader needs features the test adapter may lack (16- and
/// 64-bit types, subgroups, external textures, binding arrays, read-write
/// storage textures of formats beyond `r32*`), or overrides without a
/// default.
fn needs_what_the_adapter_may_lack(reflection: &Reflection, wgsl: &str) -> bool {
    let wide = [
        "f16",
        "f64",
        "u64",
        "i64",
        "subgroup",
        "texture_external",
        "bgra8",
    ];
    wide.iter().any(|w| wgsl.contains(w))
        || reflection.overrides.iter().any(|o| o.default.is_none())
        || reflection.bindings.iter().any(|b| {
            b.count.is_some()
                || (b.kind == "storage-texture"
                    && b.access == Some("read_write")
                    && !b.format.as_deref().unwrap_or_default().starts_with("r32"))
        })
}

/// The pipelines to make of a module: each compute entry point, and each
/// fragment entry point after the first vertex entry point whose outputs
/// it reads.
fn pipelines_of(reflection: &Reflection) -> Vec<Vec<&str>> {
    let mut pipelines: Vec<Vec<&str>> = reflection
        .entry_points
        .iter()
        .filter(|e| e.stage == "compute")
        .map(|e| vec![e.name.as_str()])
        .collect();
    for fragment in reflection
        .entry_points
        .iter()
        .filter(|e| e.stage == "fragment")
    {
        let feeds = |vertex: &&shaderxform::reflect::EntryPoint| {
            vertex.stage == "vertex"
                && fragment
                    .inputs
                    .iter()
                    .all(|i| vertex.outputs.iter().any(|o| o.location == i.location))
        };
        if let Some(vertex) = reflection.entry_points.iter().find(feeds) {
            pipelines.push(vec![vertex.name.as_str(), fragment.name.as_str()]);
        }
    }
    pipelines
}

/// A render pipeline whose vertex buffers come from the vertex inputs'
/// locations and formats and whose colour targets from the fragment
/// outputs' locations and types, one buffer per input.
fn render_pipeline(
    device: &wgpu::Device,
    shader: &wgpu::ShaderModule,
    layout: &wgpu::PipelineLayout,
    vertex: &shaderxform::reflect::EntryPoint,
    fragment: &shaderxform::reflect::EntryPoint,
) {
    let attributes: Vec<[wgpu::VertexAttribute; 1]> = vertex
        .inputs
        .iter()
        .map(|input| {
            [wgpu::VertexAttribute {
                format: vertex_format(input.vertex_format.expect("a vertex format")),
                offset: 0,
                shader_location: input.location,
            }]
        })
        .collect();
    let buffers: Vec<Option<wgpu::VertexBufferLayout>> = attributes
        .iter()
        .map(|attribute| {
            Some(wgpu::VertexBufferLayout {
                array_stride: 16,
                step_mode: wgpu::VertexStepMode::Vertex,
                attributes: attribute,
            })
        })
        .collect();
    let slots = fragment
        .outputs
        .iter()
        .map(|o| o.location + 1)
        .max()
        .unwrap_or(0);
    let targets: Vec<Option<wgpu::ColorTargetState>> = (0..slots)
        .map(|location| {
            let output = fragment.outputs.iter().find(|o| o.location == location)?;
            // One channel takes any vector of its scalar.
            let format = if output.ty.contains("u32") {
                wgpu::TextureFormat::R32Uint
            } else if output.ty.contains("i32") {
                wgpu::TextureFormat::R32Sint
            } else {
                wgpu::TextureFormat::R32Float
            };
            Some(wgpu::ColorTargetState {
                format,
                blend: None,
                write_mask: wgpu::ColorWrites::ALL,
            })
        })
        .collect();
    let _ = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: None,
        layout: Some(layout),
        vertex: wgpu::VertexState {
            module: shader,
            entry_point: Some(&vertex.name),
            compilation_options: Default::default(),
            buffers: &buffers,
        },
        primitive: Default::default(),
        // A fragment shader that only writes storage still needs an
        // attachment to draw into.
        depth_stencil: targets.is_empty().then(|| wgpu::DepthStencilState {
            format: wgpu::TextureFormat::Depth32Float,
            depth_write_enabled: Some(false),
            depth_compare: Some(wgpu::CompareFunction::Always),
            stencil: Default::default(),
            bias: Default::default(),
        }),
        multisample: Default::default(),
        fragment: Some(wgpu::FragmentState {
            module: shader,
            entry_point: Some(&fragment.name),
            compilation_options: Default::default(),
            targets: &targets,
        }),
        multiview_mask: None,
        cache: None,
    });
}

fn vertex_format(name: &str) -> wgpu::VertexFormat {
    use wgpu::VertexFormat as F;
    match name {
        "float32" => F::Float32,
        "float32x2" => F::Float32x2,
        "float32x3" => F::Float32x3,
        "float32x4" => F::Float32x4,
        "float16x2" => F::Float16x2,
        "float16x4" => F::Float16x4,
        "uint32" => F::Uint32,
        "uint32x2" => F::Uint32x2,
        "uint32x3" => F::Uint32x3,
        "uint32x4" => F::Uint32x4,
        "sint32" => F::Sint32,
        "sint32x2" => F::Sint32x2,
        "sint32x3" => F::Sint32x3,
        "sint32x4" => F::Sint32x4,
        other => panic!("vertex format {other} is not in the test's table"),
    }
}

/// `--reflect FILE` writes the reflection with the outputs; a path that
/// names the input is refused before anything is written.
#[cfg(feature = "cli")]
#[test]
fn the_command_line_writes_the_reflection_beside_the_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("bounds.wgsl");
    std::fs::copy(
        common::root().join("corpus/float-atomics/bounds_storage_any_sign.wgsl"),
        &input,
    )
    .unwrap();
    let run = |args: &[&std::ffi::OsStr]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_shaderxform"))
            .args(args)
            .output()
            .unwrap()
    };
    let out = dir.path().join("out.wgsl");
    let reflect = dir.path().join("bounds.reflect.json");
    let done = run(&[
        input.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
        "--reflect".as_ref(),
        reflect.as_os_str(),
    ]);
    assert!(done.status.success(), "{}", common::stderr(&done));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&reflect).unwrap()).unwrap();
    assert_eq!(json["schema"], 1);
    // Metal reserves `main`: the reflection of a run that writes Metal
    // names the entry point as the Metal text does.
    let metal = dir.path().join("out.metal");
    let with_metal = run(&[
        input.as_os_str(),
        "-o".as_ref(),
        metal.as_os_str(),
        "--reflect".as_ref(),
        reflect.as_os_str(),
    ]);
    assert!(
        with_metal.status.success(),
        "{}",
        common::stderr(&with_metal)
    );
    let metal_json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&reflect).unwrap()).unwrap();
    let metal_name = metal_json["entry_points"][0]["names"]["msl"]
        .as_str()
        .unwrap();
    assert_eq!(metal_name, "main_");
    assert!(
        std::fs::read_to_string(&metal)
            .unwrap()
            .contains(&format!("kernel void {metal_name}(")),
        "the Metal text names it otherwise"
    );
    assert_eq!(json["bindings"][1]["rewritten"][0]["encoding"], "ordered");
    assert_eq!(
        json["bindings"][1]["rewritten"][0]["clear_values"]["min"],
        "0xff800000"
    );

    let before = std::fs::read(&input).unwrap();
    let refused = run(&[
        input.as_os_str(),
        "-o".as_ref(),
        dir.path().join("other.wgsl").as_os_str(),
        "--reflect".as_ref(),
        input.as_os_str(),
    ]);
    assert_eq!(
        refused.status.code(),
        Some(2),
        "{}",
        common::stderr(&refused)
    );
    assert!(
        common::stderr(&refused).contains("--reflect"),
        "{}",
        common::stderr(&refused)
    );
    assert_eq!(std::fs::read(&input).unwrap(), before);
    assert!(!dir.path().join("other.wgsl").exists());
}

/// The Rust module of every corpus shader compiles, and with it the
/// compile-time assertions that each generated struct has the size and the
/// member offsets of the shader's layout; a struct that disagrees fails to
/// compile.
#[test]
fn generated_rust_modules_compile_and_assert_the_shader_layouts() {
    use shaderxform::reflect::rust_module::{rust_items, RustModuleOptions};
    let dir = tempfile::tempdir().unwrap();
    let compiler = compiler(WgslTarget::Tint);
    let mut lib = String::new();
    let mut structs = 0;
    for (i, path) in corpus_shaders().iter().enumerate() {
        let source = Source::read(path, None).expect("readable");
        let Ok(compiled) = compiler.compile(&source, &[shaderxform::OutputFormat::Wgsl]) else {
            continue;
        };
        let written = dir.path().join(format!("shader{i}.wgsl"));
        std::fs::write(&written, &compiled.outputs[0].bytes).unwrap();
        // Every other shader with bytemuck's `Pod`, checked against a crate
        // with bytemuck's two traits and their bounds.
        let items = rust_items(
            &compiled.transformed.module,
            &compiled.transformed.reflection(),
            &[("WGSL", written.display().to_string(), false)],
            RustModuleOptions {
                bytemuck: i % 2 == 0,
            },
        );
        structs += items.matches("#[repr(C)]").count();
        lib.push_str(&format!(
            "/// {}\npub mod shader{i} {{\n{items}}}\n",
            common::display(path)
        ));
    }
    assert!(structs >= 20, "only {structs} structs generated");
    assert!(
        lib.contains("unsafe impl bytemuck::Pod"),
        "no Pod implementation generated"
    );
    let rustc = || {
        let mut command =
            std::process::Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()));
        command.args(["--edition", "2021", "--crate-type", "lib"]);
        command
    };
    let stub = dir.path().join("bytemuck.rs");
    std::fs::write(
        &stub,
        "pub unsafe trait Zeroable: Sized {}\npub unsafe trait Pod: Zeroable + Copy + 'static {}\n",
    )
    .unwrap();
    let stubbed = rustc()
        .args(["--crate-name", "bytemuck", "--emit=metadata", "-o"])
        .arg(dir.path().join("libbytemuck.rmeta"))
        .arg(&stub)
        .output()
        .unwrap();
    assert!(stubbed.status.success(), "{}", common::stderr(&stubbed));
    let compile = |text: &str| {
        let file = dir.path().join("lib.rs");
        std::fs::write(&file, text).unwrap();
        rustc()
            .arg("--extern")
            .arg(format!(
                "bytemuck={}",
                dir.path().join("libbytemuck.rmeta").display()
            ))
            .args(["--emit=metadata", "-o"])
            .arg(dir.path().join("lib.rmeta"))
            .arg(&file)
            .output()
            .unwrap()
    };
    let built = compile(&lib);
    assert!(built.status.success(), "{}", common::stderr(&built));
    // A member one word off is caught by the assertions.
    let first = lib
        .find("core::mem::offset_of!")
        .expect("an offset assertion");
    let line_end = first + lib[first..].find('\n').unwrap();
    let line = &lib[first..line_end];
    let (head, offset) = line.rsplit_once("== ").unwrap();
    let offset: u32 = offset.trim_end_matches(");").parse().unwrap();
    let tampered = format!(
        "{}{head}== {});{}",
        &lib[..first],
        offset + 4,
        &lib[line_end..]
    );
    let refused = compile(&tampered);
    assert!(!refused.status.success(), "a wrong offset compiled");
    assert!(
        common::stderr(&refused).contains("evaluation"),
        "{}",
        common::stderr(&refused)
    );
}

/// On a real driver (lavapipe in CI): the rewritten float-atomics shader
/// runs over a buffer the host cleared and reads back with nothing but the
/// reflection and `shaderxform-host`, and gives the CPU's minimum and
/// maximum.
#[cfg(feature = "gpu")]
#[test]
fn a_host_that_follows_the_reflection_reads_the_right_minimum_on_the_gpu() {
    use shaderxform::gpu::device::{Buffer, Code, Dispatch, RunOutcome};
    use shaderxform::gpu::reflect::Space;
    let Some(gpu) = adapter_or_skip() else {
        return;
    };
    let source = Source::read(
        &common::root().join("corpus/float-atomics/bounds_storage_any_sign.wgsl"),
        None,
    )
    .unwrap();
    let compiled = compiler(WgslTarget::Wgpu)
        .compile(&source, &[shaderxform::OutputFormat::Wgsl])
        .unwrap();
    let reflection = compiled.transformed.reflection();
    let bounds = binding(&reflection, 0, 1);
    let [Rewritten::FloatAtomics {
        encoding,
        clear_values,
        ..
    }] = bounds.rewritten.as_slice()
    else {
        panic!("{:#?}", bounds.rewritten)
    };
    let encoding = FloatEncoding::from_strategy(encoding).unwrap();
    let word = |key: &str| u32::from_str_radix(&clear_values[key][2..], 16).unwrap();
    let offset = |member: &str| {
        let layout = bounds.layout.as_ref().unwrap();
        layout
            .members
            .iter()
            .find(|m| m.name == member)
            .unwrap()
            .offset as usize
    };
    let mut cleared = vec![0u8; bounds.layout.as_ref().unwrap().min_binding_size as usize];
    cleared[offset("lo")..offset("lo") + 4].copy_from_slice(&word("min").to_le_bytes());
    cleared[offset("hi")..offset("hi") + 4].copy_from_slice(&word("max").to_le_bytes());
    // Seeded values of both signs, a negative zero and extremes.
    let mut state = 0x2545_f491u32;
    let mut values: Vec<f32> = (0..1000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            (state as f32 / u32::MAX as f32 - 0.5) * 2.0e4
        })
        .collect();
    values.extend([-0.0, 3.0e-39, -1.0e30, 7.5e29]);
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let buffers = [
        Buffer {
            group: 0,
            binding: 0,
            space: Space::Storage { writable: false },
            bytes: &bytes,
            read_back: false,
        },
        Buffer {
            group: 0,
            binding: 1,
            space: Space::Storage { writable: true },
            bytes: &cleared,
            read_back: true,
        },
    ];
    let workgroup = reflection.entry_points[0].workgroup_size.unwrap()[0].unwrap();
    let outcome = gpu
        .run(&Dispatch {
            label: "bounds",
            code: Code::Wgsl(compiled.outputs[0].text().unwrap()),
            entry_point: &reflection.entry_points[0].name,
            spirv_reader: Default::default(),
            constants: &[],
            buffers: &buffers,
            resources: &[],
            immediates: &[],
            workgroups: [(values.len() as u32).div_ceil(workgroup), 1, 1],
            timeout: std::time::Duration::from_secs(60),
        })
        .expect("the dispatch runs");
    let RunOutcome::Done { contents, .. } = outcome else {
        panic!("the dispatch hung")
    };
    let read = contents[1].as_ref().unwrap();
    let decoded = encoding.decode_f32_words(read);
    let (lo, hi) = (decoded[offset("lo") / 4], decoded[offset("hi") / 4]);
    let min = values.iter().copied().fold(f32::INFINITY, f32::min);
    let max = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    assert_eq!((lo, hi), (min, max));
    // Read as plain floats, as a host that ignored the reflection would,
    // the words are not the answer.
    assert_ne!(f32::from_le_bytes(read[..4].try_into().unwrap()), min);
}

/// HLSL input with shifted register classes: each shifted binding says
/// which register the source declared and by how much its class moved.
#[test]
fn shifted_hlsl_registers_are_described_on_their_bindings() {
    use shaderxform::front::{FrontOptions, HlslRegister};
    if common::tool("glslangValidator").is_none() {
        assert!(!common::tools_required(), "glslangValidator is required");
        return;
    }
    let source = Source::read(&common::root().join("corpus/glsl/textured.frag.hlsl"), None)
        .expect("readable");
    let compiler = Compiler::new(Options {
        front: FrontOptions {
            hlsl_register_shifts: vec![(HlslRegister::Sampler, 16)],
            ..Default::default()
        },
        ..Options::default()
    })
    .unwrap();
    let reflection = compiler.transform(&source).unwrap().reflection();
    // `register(s2)` is binding 18; `register(t1)` stays binding 1.
    let sampler = binding(&reflection, 0, 18);
    assert_eq!(sampler.kind, "sampler");
    assert_eq!(
        sampler.rewritten,
        [Rewritten::HlslRegisterShift {
            register: "s2".into(),
            shift: 16
        }]
    );
    assert!(binding(&reflection, 0, 1).rewritten.is_empty());
    let json: serde_json::Value = serde_json::from_str(&reflection.to_json()).unwrap();
    assert!(schema_validator().is_valid(&json), "{json:#}");
}

/// A storage image declared without a format is described with the format
/// the host was told to bind, and a specialization constant fixed at its
/// default (an array length) is listed: a pipeline that specialized it
/// must compile the shader again.
#[test]
fn given_storage_formats_and_fixed_specialization_constants_are_described() {
    use shaderxform::front::{FrontOptions, GlslFront};
    if common::tool("glslangValidator").is_none() {
        assert!(!common::tools_required(), "glslangValidator is required");
        return;
    }
    let source = Source::from_text(
        "tile.comp",
        shaderxform::InputFormat::Glsl(naga::ShaderStage::Compute),
        "#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(constant_id = 0) const uint TILE = 64;
shared vec4 tile[TILE];
layout(binding = 0) uniform writeonly image2D outImage;
void main() {
    tile[gl_LocalInvocationIndex % TILE] = vec4(1.0);
    barrier();
    imageStore(outImage, ivec2(gl_GlobalInvocationID.xy), tile[0]);
}
",
    );
    let compiler = Compiler::new(Options {
        front: FrontOptions {
            glsl_front: GlslFront::Glslang,
            storage_formats: vec![("outImage".into(), naga::StorageFormat::Rgba8Unorm)],
            ..Default::default()
        },
        ..Options::default()
    })
    .unwrap();
    let reflection = compiler.transform(&source).unwrap().reflection();
    assert_eq!(
        binding(&reflection, 0, 0).rewritten,
        [Rewritten::StorageFormat {
            format: "rgba8unorm".into()
        }]
    );
    let json: serde_json::Value = serde_json::from_str(&reflection.to_json()).unwrap();
    assert_eq!(
        json["fixed_specialization_constants"],
        serde_json::json!([{"name": "TILE", "constant_id": 0, "value": "64"}]),
        "{json:#}"
    );
    assert!(schema_validator().is_valid(&json), "{json:#}");
}
