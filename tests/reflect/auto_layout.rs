//! The other direction: wgpu's own reflection of the WGSL written (the
//! bind group layouts of a pipeline made with `layout: auto`) takes, group
//! by group, exactly the bindings the reflection lists for the entry
//! point: a bind group made from the reflection alone must fit each of
//! wgpu's layouts, and wgpu refuses one that has a binding too many, one
//! too few, or one of another kind, type or size.

use super::pipelines::{needs_what_the_adapter_may_lack, storage_format};
use super::*;

/// A resource for a binding of the reflection, made as a host would make
/// it from the reflection alone.
enum Resource {
    Buffer(wgpu::Buffer),
    Sampler(wgpu::Sampler),
    View(wgpu::TextureView),
}

fn resource_for(device: &wgpu::Device, b: &Binding) -> Option<Resource> {
    let dimension = |view: Option<&str>| match view {
        Some("1d") => (
            wgpu::TextureDimension::D1,
            wgpu::TextureViewDimension::D1,
            1,
        ),
        Some("2d-array") => (
            wgpu::TextureDimension::D2,
            wgpu::TextureViewDimension::D2Array,
            1,
        ),
        Some("cube") => (
            wgpu::TextureDimension::D2,
            wgpu::TextureViewDimension::Cube,
            6,
        ),
        Some("cube-array") => (
            wgpu::TextureDimension::D2,
            wgpu::TextureViewDimension::CubeArray,
            6,
        ),
        Some("3d") => (
            wgpu::TextureDimension::D3,
            wgpu::TextureViewDimension::D3,
            1,
        ),
        _ => (
            wgpu::TextureDimension::D2,
            wgpu::TextureViewDimension::D2,
            1,
        ),
    };
    let texture = |format: wgpu::TextureFormat, usage: wgpu::TextureUsages| {
        let (dimension, view_dimension, layers) = dimension(b.view_dimension);
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some(&b.name),
            size: wgpu::Extent3d {
                width: 4,
                height: if dimension == wgpu::TextureDimension::D1 {
                    1
                } else {
                    4
                },
                depth_or_array_layers: layers,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension,
            format,
            usage,
            view_formats: &[],
        });
        Resource::View(texture.create_view(&wgpu::TextureViewDescriptor {
            dimension: Some(view_dimension),
            ..Default::default()
        }))
    };
    Some(match b.kind {
        "uniform-buffer" | "storage-buffer" => {
            let size = b.layout.as_ref().map_or(16, |l| l.min_binding_size).max(16);
            Resource::Buffer(device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(&b.name),
                size: size.next_multiple_of(16),
                usage: match b.kind {
                    "uniform-buffer" => wgpu::BufferUsages::UNIFORM,
                    _ => wgpu::BufferUsages::STORAGE,
                },
                mapped_at_creation: false,
            }))
        }
        "sampler" | "comparison-sampler" => {
            Resource::Sampler(device.create_sampler(&wgpu::SamplerDescriptor {
                compare: (b.kind == "comparison-sampler").then_some(wgpu::CompareFunction::Less),
                ..Default::default()
            }))
        }
        "sampled-texture" | "depth-texture" if !b.multisampled => texture(
            match b.sample_type {
                Some("sint") => wgpu::TextureFormat::Rgba8Sint,
                Some("uint") => wgpu::TextureFormat::Rgba8Uint,
                Some("depth") => wgpu::TextureFormat::Depth32Float,
                _ => wgpu::TextureFormat::Rgba8Unorm,
            },
            wgpu::TextureUsages::TEXTURE_BINDING,
        ),
        "storage-texture" => texture(
            storage_format(b.format.as_deref().unwrap_or_default()),
            wgpu::TextureUsages::STORAGE_BINDING,
        ),
        _ => return None,
    })
}

#[test]
fn bind_groups_from_the_reflection_fit_wgpus_own_layouts_binding_for_binding() {
    let Some(gpu) = adapter_or_skip() else {
        return;
    };
    let device = gpu.device();
    let mut checked = 0;
    let mut rejected = Vec::new();
    for (name, reflection, wgsl) in reflected_corpus(WgslTarget::Wgpu) {
        if needs_what_the_adapter_may_lack(&reflection, &wgsl) {
            continue;
        }
        let shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some(&name),
            source: wgpu::ShaderSource::Wgsl(wgsl.as_str().into()),
        });
        for entry_point in reflection
            .entry_points
            .iter()
            .filter(|e| e.stage == "compute")
        {
            let used: Vec<&Binding> = reflection
                .bindings
                .iter()
                .filter(|b| b.used_by.contains(&entry_point.name))
                .collect();
            let resources: Option<Vec<(&Binding, Resource)>> = used
                .iter()
                .map(|b| resource_for(device, b).map(|r| (*b, r)))
                .collect();
            let Some(resources) = resources else {
                continue; // multisampled textures: no resource made here
            };
            let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
            let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(&name),
                layout: None,
                module: &shader,
                entry_point: Some(&entry_point.name),
                compilation_options: Default::default(),
                cache: None,
            });
            let groups = used.iter().map(|b| b.group + 1).max().unwrap_or(0);
            for group in 0..groups {
                let entries: Vec<wgpu::BindGroupEntry> = resources
                    .iter()
                    .filter(|(b, _)| b.group == group)
                    .map(|(b, r)| wgpu::BindGroupEntry {
                        binding: b.binding,
                        resource: match r {
                            Resource::Buffer(buffer) => buffer.as_entire_binding(),
                            Resource::Sampler(sampler) => wgpu::BindingResource::Sampler(sampler),
                            Resource::View(view) => wgpu::BindingResource::TextureView(view),
                        },
                    })
                    .collect();
                let _ = device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: None,
                    layout: &pipeline.get_bind_group_layout(group),
                    entries: &entries,
                });
            }
            let what = format!("{name} ({})", entry_point.name);
            match pollster::block_on(scope.pop()) {
                Some(error) => rejected.push(format!("{what}: {error}")),
                None => checked += 1,
            }
        }
    }
    assert!(
        rejected.is_empty(),
        "the reflection and wgpu's own layouts disagree:\n{}",
        rejected.join("\n\n")
    );
    assert!(checked >= 30, "only {checked} compute entry points checked");
}
