//! The draws of a render validation on the device: one render pipeline a
//! pass, every pass of one shader in one submission, its targets and
//! writable buffers read back under the same watchdog as a dispatch.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::device::{rejection_text, Code, Gpu, RunError, SpirvReader};
use super::read_back::{copy_for_read_back, read_back_buffer};
use super::reflect::Space;
use super::render_plan::{
    FragmentChoice, PassPlan, TargetPlan, VertexData, INSTANCES, SIZE, VERTICES,
};
use super::texture_device;
use super::textures::ResourcePlan;

/// Bytes of one row of a target in a copy (a multiple of 256).
fn padded_row(target: &TargetPlan) -> u32 {
    let row = SIZE * target.texel_bytes();
    row.div_ceil(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT) * wgpu::COPY_BYTES_PER_ROW_ALIGNMENT
}

/// Colour attachments of a pass: one a location up to the highest.
fn color_slots(pass: &PassPlan) -> usize {
    pass.targets
        .iter()
        .filter(|t| !t.is_depth())
        .map(|t| t.slot as usize + 1)
        .max()
        .unwrap_or(0)
}

/// Runs every pass of `d`; `None` when it outlived its timeout (the device
/// is then abandoned and everything on it leaked).
pub(super) fn draw(gpu: &Gpu, d: &Draw<'_>) -> Result<Option<ReadBack>, RunError> {
    let device = gpu.device();
    let internal = device.push_error_scope(wgpu::ErrorFilter::Internal);
    let validation = device.push_error_scope(wgpu::ErrorFilter::Validation);
    // Draws read SPIR-V through naga: wgpu matches the stages of a
    // pipeline by their interfaces, which a module passed through to the
    // driver does not give, and the generated stages are WGSL.
    let module = gpu.shader_module(&d.code, &d.label, &[], SpirvReader::Naga);
    let fragment_module = d
        .fragment_code
        .as_ref()
        .map(|code| gpu.shader_module(code, &d.label, &[], SpirvReader::Naga));
    let generated_vertex = d.generated_vertex.map(|text| {
        device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("shaderxform pass-through vertex"),
            source: wgpu::ShaderSource::Wgsl(text.into()),
        })
    });

    // Buffers and their bind groups, shared by every pass.
    let groups = d
        .buffers
        .iter()
        .map(|b| b.group + 1)
        .chain(d.resources.iter().map(|r| r.group + 1))
        .max()
        .unwrap_or(0);
    let layouts: Vec<Option<wgpu::BindGroupLayout>> = (0..groups)
        .map(|group| {
            let entries: Vec<wgpu::BindGroupLayoutEntry> = d
                .buffers
                .iter()
                .filter(|b| b.group == group)
                .map(|b| wgpu::BindGroupLayoutEntry {
                    binding: b.binding,
                    visibility: b.stages,
                    ty: wgpu::BindingType::Buffer {
                        ty: match b.space {
                            Space::Uniform => wgpu::BufferBindingType::Uniform,
                            Space::Storage { writable } => wgpu::BufferBindingType::Storage {
                                read_only: !writable,
                            },
                        },
                        has_dynamic_offset: false,
                        min_binding_size: None,
                    },
                    count: None,
                })
                .chain(texture_device::layout_entries(d.resources, group, |i| {
                    d.resource_stages[i]
                }))
                .collect();
            (!entries.is_empty()).then(|| {
                device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                    label: Some(&d.label),
                    entries: &entries,
                })
            })
        })
        .collect();
    let layout_refs: Vec<Option<&wgpu::BindGroupLayout>> =
        layouts.iter().map(|l| l.as_ref()).collect();
    let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: Some(&d.label),
        bind_group_layouts: &layout_refs,
        immediate_size: d.immediates.len() as u32,
    });
    let buffers: Vec<wgpu::Buffer> = d
        .buffers
        .iter()
        .map(|b| {
            let usage = match b.space {
                Space::Uniform => wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                Space::Storage { .. } => {
                    wgpu::BufferUsages::STORAGE
                        | wgpu::BufferUsages::COPY_DST
                        | wgpu::BufferUsages::COPY_SRC
                }
            };
            let buffer = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(&d.label),
                size: (b.bytes.len() as u64).max(4).div_ceil(4) * 4,
                usage,
                mapped_at_creation: false,
            });
            gpu.queue().write_buffer(&buffer, 0, b.bytes);
            buffer
        })
        .collect();
    let created = texture_device::create(device, gpu.queue(), d.resources, &d.label);
    let bind_groups: Vec<Option<wgpu::BindGroup>> = layouts
        .iter()
        .enumerate()
        .map(|(group, layout)| {
            let layout = layout.as_ref()?;
            let bound = texture_device::bound(d.resources, &created, group as u32);
            let entries: Vec<wgpu::BindGroupEntry> = d
                .buffers
                .iter()
                .zip(&buffers)
                .filter(|(b, _)| b.group == group as u32)
                .map(|(b, buffer)| wgpu::BindGroupEntry {
                    binding: b.binding,
                    resource: buffer.as_entire_binding(),
                })
                .chain(bound.iter().map(|(binding, b)| wgpu::BindGroupEntry {
                    binding: *binding,
                    resource: b.resource(),
                }))
                .collect();
            Some(device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some(&d.label),
                layout,
                entries: &entries,
            }))
        })
        .collect();
    let vertex_buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("shaderxform vertices"),
        size: d.vertex_buffer.bytes.len().max(4) as u64,
        usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    gpu.queue()
        .write_buffer(&vertex_buffer, 0, &d.vertex_buffer.bytes);
    let vertex_layout = wgpu::VertexBufferLayout {
        array_stride: d.vertex_buffer.stride,
        step_mode: wgpu::VertexStepMode::Vertex,
        attributes: &d.vertex_buffer.attributes,
    };
    let vertex_buffers = [Some(vertex_layout)];
    let (vertex_module, vertex_entry) = match (&generated_vertex, d.vertex) {
        (Some(m), _) => (m, super::render_io::GENERATED_VERTEX),
        (None, Some(name)) => (&module, name),
        (None, None) => return Err(RunError::Rejected("no vertex stage".into())),
    };

    // One pipeline and one set of targets a pass.
    let mut pipelines = Vec::new();
    let mut capture_modules = Vec::new();
    for pass in d.passes {
        let (fragment_module, fragment_entry) = match &pass.fragment {
            FragmentChoice::Shader => (
                fragment_module.as_ref().unwrap_or(&module),
                d.fragment
                    .ok_or_else(|| RunError::Rejected("no fragment stage".into()))?,
            ),
            FragmentChoice::Generated(text) => {
                capture_modules.push(device.create_shader_module(wgpu::ShaderModuleDescriptor {
                    label: Some("shaderxform capture"),
                    source: wgpu::ShaderSource::Wgsl(text.as_str().into()),
                }));
                (
                    capture_modules.last().expect("just pushed"),
                    super::render_io::CAPTURE_FRAGMENT,
                )
            }
        };
        // Indexed by location, with gaps where the shader writes none.
        let mut color_targets: Vec<Option<wgpu::ColorTargetState>> = vec![None; color_slots(pass)];
        for t in pass.targets.iter().filter(|t| !t.is_depth()) {
            color_targets[t.slot as usize] = Some(wgpu::ColorTargetState {
                format: t.format,
                blend: None,
                write_mask: wgpu::ColorWrites::ALL,
            });
        }
        let depth = pass.targets.iter().any(|t| t.is_depth());
        // The shader's overrides; the generated stages have none.
        let own = |generated: bool| wgpu::PipelineCompilationOptions {
            constants: if generated { &[] } else { d.constants },
            ..Default::default()
        };
        let fragment_generated = matches!(pass.fragment, FragmentChoice::Generated(_));
        pipelines.push(
            device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(&d.label),
                layout: Some(&pipeline_layout),
                vertex: wgpu::VertexState {
                    module: vertex_module,
                    entry_point: Some(vertex_entry),
                    compilation_options: own(generated_vertex.is_some()),
                    buffers: &vertex_buffers,
                },
                primitive: wgpu::PrimitiveState {
                    topology: wgpu::PrimitiveTopology::TriangleList,
                    strip_index_format: None,
                    front_face: wgpu::FrontFace::Ccw,
                    cull_mode: None,
                    unclipped_depth: false,
                    polygon_mode: wgpu::PolygonMode::Fill,
                    conservative: false,
                },
                depth_stencil: depth.then(|| wgpu::DepthStencilState {
                    format: wgpu::TextureFormat::Depth32Float,
                    depth_write_enabled: Some(true),
                    depth_compare: Some(wgpu::CompareFunction::Always),
                    stencil: Default::default(),
                    bias: Default::default(),
                }),
                multisample: Default::default(),
                fragment: Some(wgpu::FragmentState {
                    module: fragment_module,
                    entry_point: Some(fragment_entry),
                    compilation_options: own(fragment_generated),
                    targets: &color_targets,
                }),
                multiview_mask: None,
                cache: None,
            }),
        );
    }
    let rejected = [validation.pop(), internal.pop()]
        .into_iter()
        .filter_map(pollster::block_on)
        .map(rejection_text)
        .collect::<Vec<_>>();
    if !rejected.is_empty() {
        return Err(RunError::Rejected(rejected.join("\n")));
    }

    // The targets, drawn pass by pass and copied out.
    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
        label: Some(&d.label),
    });
    let mut staging_targets = Vec::new();
    let mut textures = Vec::new();
    for (pass, pipeline) in d.passes.iter().zip(&pipelines) {
        let made: Vec<(wgpu::Texture, wgpu::TextureView)> = pass
            .targets
            .iter()
            .map(|t| {
                let texture = device.create_texture(&wgpu::TextureDescriptor {
                    label: Some(&t.name),
                    size: wgpu::Extent3d {
                        width: SIZE,
                        height: SIZE,
                        depth_or_array_layers: 1,
                    },
                    mip_level_count: 1,
                    sample_count: 1,
                    dimension: wgpu::TextureDimension::D2,
                    format: t.format,
                    usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
                    view_formats: &[],
                });
                let view = texture.create_view(&Default::default());
                (texture, view)
            })
            .collect();
        {
            let mut colors: Vec<Option<wgpu::RenderPassColorAttachment>> =
                vec![None; color_slots(pass)];
            for (t, (_, view)) in pass.targets.iter().zip(&made) {
                if !t.is_depth() {
                    colors[t.slot as usize] = Some(wgpu::RenderPassColorAttachment {
                        view,
                        depth_slice: None,
                        resolve_target: None,
                        ops: wgpu::Operations {
                            load: wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT),
                            store: wgpu::StoreOp::Store,
                        },
                    });
                }
            }
            let depth = pass
                .targets
                .iter()
                .zip(&made)
                .find(|(t, _)| t.is_depth())
                .map(|(_, (_, view))| wgpu::RenderPassDepthStencilAttachment {
                    view,
                    depth_ops: Some(wgpu::Operations {
                        load: wgpu::LoadOp::Clear(1.0),
                        store: wgpu::StoreOp::Store,
                    }),
                    stencil_ops: None,
                });
            let mut rpass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some(&d.label),
                color_attachments: &colors,
                depth_stencil_attachment: depth,
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            rpass.set_pipeline(pipeline);
            if !d.immediates.is_empty() {
                rpass.set_immediates(0, d.immediates);
            }
            for (group, bind_group) in bind_groups.iter().enumerate() {
                if let Some(bind_group) = bind_group {
                    rpass.set_bind_group(group as u32, bind_group, &[]);
                }
            }
            rpass.set_vertex_buffer(0, vertex_buffer.slice(..));
            rpass.draw(0..VERTICES, 0..INSTANCES);
        }
        for (t, (texture, _)) in pass.targets.iter().zip(&made) {
            let row = padded_row(t);
            let staging = read_back_buffer(device, &t.name, (row * SIZE) as u64);
            encoder.copy_texture_to_buffer(
                wgpu::TexelCopyTextureInfo {
                    texture,
                    mip_level: 0,
                    origin: wgpu::Origin3d::ZERO,
                    aspect: if t.is_depth() {
                        wgpu::TextureAspect::DepthOnly
                    } else {
                        wgpu::TextureAspect::All
                    },
                },
                wgpu::TexelCopyBufferInfo {
                    buffer: &staging,
                    layout: wgpu::TexelCopyBufferLayout {
                        offset: 0,
                        bytes_per_row: Some(row),
                        rows_per_image: Some(SIZE),
                    },
                },
                wgpu::Extent3d {
                    width: SIZE,
                    height: SIZE,
                    depth_or_array_layers: 1,
                },
            );
            staging_targets.push((staging, t.texel_bytes(), row));
        }
        textures.push(made);
    }
    let staging_buffers: Vec<Option<wgpu::Buffer>> = d
        .buffers
        .iter()
        .zip(&buffers)
        .map(|(b, buffer)| {
            b.read_back
                .then(|| copy_for_read_back(device, &mut encoder, buffer, &d.label))
        })
        .collect();

    // Storage textures the stages write, as a dispatch's are.
    let staging_textures =
        texture_device::copy_back(device, &mut encoder, d.resources, &created, &d.label);

    let started = Instant::now();
    let submission = gpu.queue().submit([encoder.finish()]);
    let pending = Pending::new();
    for (staging, _, _) in &staging_targets {
        pending.map(staging);
    }
    for staging in staging_buffers.iter().flatten() {
        pending.map(staging);
    }
    for texels in staging_textures.iter().flatten() {
        pending.map(&texels.buffer);
    }
    let to_map = staging_targets.len()
        + staging_buffers.iter().flatten().count()
        + staging_textures.iter().flatten().count();

    // The watchdog: wait in short slices, never past the deadline.
    let deadline = started + d.timeout;
    let slice = Duration::from_millis(20);
    let mut waiting = true;
    while pending.done() < to_map || waiting {
        let now = Instant::now();
        if now >= deadline {
            gpu.abandon();
            // Dropping anything on the device would wait for it.
            std::mem::forget((
                module,
                fragment_module,
                generated_vertex,
                capture_modules,
                pipelines,
                buffers,
                created,
                bind_groups,
                vertex_buffer,
                textures,
                staging_targets,
                staging_buffers,
                staging_textures,
            ));
            return Ok(None);
        }
        let poll = if waiting {
            wgpu::PollType::Wait {
                submission_index: Some(submission.clone()),
                timeout: Some(slice.min(deadline - now)),
            }
        } else {
            std::thread::sleep(Duration::from_millis(1));
            wgpu::PollType::Poll
        };
        match device.poll(poll) {
            Ok(_) => waiting = false,
            Err(wgpu::PollError::Timeout) => {}
            // A submission that failed did so for an error wgpu
            // reported outside any scope: that one says why.
            Err(e) => {
                return Err(RunError::Device(
                    gpu.first_error().unwrap_or_else(|| e.to_string()),
                ))
            }
        }
        if let Some(error) = gpu.first_error() {
            return Err(RunError::Device(error));
        }
    }
    if let Some(error) = pending.errors.lock().ok().and_then(|e| e.first().cloned()) {
        return Err(RunError::Device(format!(
            "cannot read a target back: {error}"
        )));
    }
    let read = |staging: &wgpu::Buffer| -> Result<Vec<u8>, RunError> {
        let bytes = staging
            .get_mapped_range(..)
            .map_err(|e| RunError::Device(format!("cannot read a target back: {e}")))?
            .to_vec();
        staging.unmap();
        Ok(bytes)
    };
    let mut targets = Vec::new();
    for (staging, texel, row) in &staging_targets {
        let padded = read(staging)?;
        let width = (SIZE * texel) as usize;
        let mut packed = Vec::with_capacity(width * SIZE as usize);
        for y in 0..SIZE as usize {
            let at = y * *row as usize;
            packed.extend_from_slice(&padded[at..at + width]);
        }
        targets.push(packed);
    }
    let mut read_buffers = Vec::new();
    for staging in &staging_buffers {
        read_buffers.push(match staging {
            Some(s) => Some(read(s)?),
            None => None,
        });
    }
    let mut read_textures = Vec::new();
    for staging in &staging_textures {
        read_textures.push(match staging {
            Some(texels) => Some(texels.unpad(&read(&texels.buffer)?)),
            None => None,
        });
    }
    Ok(Some(ReadBack {
        targets,
        buffers: read_buffers,
        textures: read_textures,
    }))
}

/// A buffer bound to a draw.
pub(super) struct DrawBuffer<'a> {
    pub(super) group: u32,
    pub(super) binding: u32,
    pub(super) space: Space,
    pub(super) bytes: &'a [u8],
    pub(super) stages: wgpu::ShaderStages,
    pub(super) read_back: bool,
}

/// Everything one shader's draws need.
pub(super) struct Draw<'a> {
    pub(super) label: String,
    pub(super) code: Code<'a>,
    /// The fragment stage's own code, where it is in another file.
    pub(super) fragment_code: Option<Code<'a>>,
    pub(super) vertex: Option<&'a str>,
    pub(super) fragment: Option<&'a str>,
    /// The pass-through stage, where `vertex` is `None`.
    pub(super) generated_vertex: Option<&'a str>,
    pub(super) vertex_buffer: &'a VertexData,
    pub(super) passes: &'a [PassPlan],
    /// Values of the shader's overrides (`--override`; none for SPIR-V,
    /// which has them written in).
    pub(super) constants: &'a [(&'a str, f64)],
    /// Textures and samplers, with the stages that use each.
    pub(super) resources: &'a [ResourcePlan],
    pub(super) resource_stages: &'a [wgpu::ShaderStages],
    /// The immediates' bytes (push constants), set before each draw.
    pub(super) immediates: &'a [u8],
    pub(super) buffers: Vec<DrawBuffer<'a>>,
    pub(super) timeout: Duration,
}

/// What one shader's draws wrote: each target's texels (rows packed), in
/// pass order, each read-back buffer, and the first mip level of each
/// storage texture the stages write (`None` for the other resources).
pub(super) struct ReadBack {
    pub(super) targets: Vec<Vec<u8>>,
    pub(super) buffers: Vec<Option<Vec<u8>>>,
    pub(super) textures: Vec<Option<Vec<u8>>>,
}

/// Counts the maps still pending and the errors they reported.
pub(super) struct Pending {
    pub(super) mapped: Arc<AtomicUsize>,
    pub(super) errors: Arc<Mutex<Vec<String>>>,
}

impl Pending {
    pub(super) fn new() -> Self {
        Pending {
            mapped: Arc::new(AtomicUsize::new(0)),
            errors: Arc::new(Mutex::new(Vec::new())),
        }
    }

    pub(super) fn map(&self, buffer: &wgpu::Buffer) {
        let mapped = self.mapped.clone();
        let errors = self.errors.clone();
        buffer
            .slice(..)
            .map_async(wgpu::MapMode::Read, move |result| {
                if let Err(e) = result {
                    if let Ok(mut errors) = errors.lock() {
                        errors.push(e.to_string());
                    }
                }
                mapped.fetch_add(1, Ordering::SeqCst);
            });
    }

    pub(super) fn done(&self) -> usize {
        self.mapped.load(Ordering::SeqCst)
    }
}
