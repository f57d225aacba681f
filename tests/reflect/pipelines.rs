//! A host that builds its bind group and pipeline layouts from the
//! reflection alone gets pipelines that wgpu 30 accepts for the WGSL
//! written, compute and render.

use super::*;

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

pub(crate) fn storage_format(name: &str) -> wgpu::TextureFormat {
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
/// Whether a shader needs features the test adapter may lack (16- and
/// 64-bit types, subgroups, external textures, binding arrays, read-write
/// storage textures of formats beyond `r32*`), or overrides without a
/// default.
pub(crate) fn needs_what_the_adapter_may_lack(reflection: &Reflection, wgsl: &str) -> bool {
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
