//! Textures the queue cannot write (multisampled ones, depth32float) are
//! filled by drawing: a triangle that covers each layer of each mip level,
//! whose fragments write, per sample, the planned texels read from a
//! storage buffer. Every sample of a texel gets its own seeded value.

use super::texels::Channel;
use super::textures::TextureShape;

const SHADER: &str = r#"
struct Layer { width: u32, samples: u32, first: u32, pad: u32 }
@group(0) @binding(0) var<storage, read> texels: array<vec4<u32>>;
@group(0) @binding(1) var<uniform> layer: Layer;

@vertex
fn cover(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
    return vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
}

fn texel(position: vec4<f32>, sample: u32) -> vec4<u32> {
    let p = vec2<u32>(position.xy);
    return texels[layer.first + (p.y * layer.width + p.x) * layer.samples + sample];
}

@fragment
fn float_texel(@builtin(position) position: vec4<f32>, @builtin(sample_index) sample: u32) -> @location(0) vec4<f32> {
    return bitcast<vec4<f32>>(texel(position, sample));
}

@fragment
fn uint_texel(@builtin(position) position: vec4<f32>, @builtin(sample_index) sample: u32) -> @location(0) vec4<u32> {
    return texel(position, sample);
}

@fragment
fn sint_texel(@builtin(position) position: vec4<f32>, @builtin(sample_index) sample: u32) -> @location(0) vec4<i32> {
    return bitcast<vec4<i32>>(texel(position, sample));
}

@fragment
fn depth_texel(@builtin(position) position: vec4<f32>, @builtin(sample_index) sample: u32) -> @builtin(frag_depth) f32 {
    return bitcast<f32>(texel(position, sample).x);
}
"#;

/// The planned texels as four 32-bit words each: what the fragment
/// shader returns (floats for float and normalized channels, which the
/// target's format turns back into the same codes).
fn words(shape: &TextureShape, data: &[u8]) -> Vec<u8> {
    let channels = shape.format.channels;
    let bytes = shape.format.bytes();
    let mut out = Vec::with_capacity(data.len() / bytes * 16);
    for texel in data.chunks_exact(bytes) {
        let mut word = [0u32; 4];
        let mut at = 0;
        for (slot, &c) in word.iter_mut().zip(channels) {
            let n = c.bits() as usize / 8;
            let mut raw = [0u8; 8];
            raw[..n].copy_from_slice(&texel[at..at + n]);
            at += n;
            let bits = u64::from_le_bytes(raw);
            *slot = match c {
                Channel::Uint(_) => bits as u32,
                Channel::Sint(_) => c.to_f64(bits) as i32 as u32,
                _ => (c.to_f64(bits) as f32).to_bits(),
            };
        }
        out.extend(word.iter().flat_map(|w| w.to_le_bytes()));
    }
    out
}

pub fn draw(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    texture: &wgpu::Texture,
    shape: &TextureShape,
    data: &[u8],
    label: &str,
) {
    use wgpu::util::DeviceExt;

    let depth = shape.format.is_depth();
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some(label),
        source: wgpu::ShaderSource::Wgsl(SHADER.into()),
    });
    let texels = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some(label),
        contents: &words(shape, data),
        usage: wgpu::BufferUsages::STORAGE,
    });
    let fragment = match (depth, shape.format.channels[0]) {
        (true, _) => "depth_texel",
        (false, Channel::Uint(_)) => "uint_texel",
        (false, Channel::Sint(_)) => "sint_texel",
        _ => "float_texel",
    };
    let targets = [(!depth).then_some(wgpu::ColorTargetState {
        format: shape.format.format,
        blend: None,
        write_mask: wgpu::ColorWrites::ALL,
    })];
    let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(label),
        layout: None,
        vertex: wgpu::VertexState {
            module: &module,
            entry_point: Some("cover"),
            compilation_options: Default::default(),
            buffers: &[],
        },
        primitive: wgpu::PrimitiveState::default(),
        depth_stencil: depth.then(|| wgpu::DepthStencilState {
            format: shape.format.format,
            depth_write_enabled: Some(true),
            depth_compare: Some(wgpu::CompareFunction::Always),
            stencil: Default::default(),
            bias: Default::default(),
        }),
        multisample: wgpu::MultisampleState {
            count: shape.sample_count,
            mask: !0,
            alpha_to_coverage_enabled: false,
        },
        fragment: Some(wgpu::FragmentState {
            module: &module,
            entry_point: Some(fragment),
            compilation_options: Default::default(),
            targets: if depth { &[] } else { &targets },
        }),
        multiview_mask: None,
        cache: None,
    });
    let mut encoder =
        device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some(label) });
    let samples = shape.sample_count;
    let mut first = 0u32;
    for level in 0..shape.mip_levels {
        let e = shape.size.mip_level_size(level, shape.dimension);
        for layer in 0..e.depth_or_array_layers {
            let target = [e.width, samples, first, 0];
            let uniform = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some(label),
                contents: &target
                    .iter()
                    .flat_map(|w| w.to_le_bytes())
                    .collect::<Vec<_>>(),
                usage: wgpu::BufferUsages::UNIFORM,
            });
            let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some(label),
                layout: &pipeline.get_bind_group_layout(0),
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: texels.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: uniform.as_entire_binding(),
                    },
                ],
            });
            let view = texture.create_view(&wgpu::TextureViewDescriptor {
                label: Some(label),
                dimension: Some(wgpu::TextureViewDimension::D2),
                base_mip_level: level,
                mip_level_count: Some(1),
                base_array_layer: layer,
                array_layer_count: Some(1),
                ..Default::default()
            });
            let color = [(!depth).then_some(wgpu::RenderPassColorAttachment {
                view: &view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT),
                    store: wgpu::StoreOp::Store,
                },
            })];
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some(label),
                color_attachments: if depth { &[] } else { &color },
                depth_stencil_attachment: depth.then_some(wgpu::RenderPassDepthStencilAttachment {
                    view: &view,
                    depth_ops: Some(wgpu::Operations {
                        load: wgpu::LoadOp::Clear(0.0),
                        store: wgpu::StoreOp::Store,
                    }),
                    stencil_ops: None,
                }),
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &bind_group, &[]);
            pass.draw(0..3, 0..1);
            drop(pass);
            first += e.width * e.height * samples;
        }
    }
    queue.submit([encoder.finish()]);
}
