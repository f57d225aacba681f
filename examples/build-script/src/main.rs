//! Runs the shaders its build script transformed on a GPU, with nothing
//! but the generated module (`shaders.rs`: the WGSL, and where each
//! binding went) and `shaderxform-host` (the words float-atomics keeps in
//! a buffer), and checks every result against the CPU:
//!
//! - `compute/bounds.wgsl`: `atomicMin`/`atomicMax` on `atomic<f32>`,
//!   which float-atomics rewrote onto `u32` words. The host clears the
//!   buffer to the generated clear words, dispatches, decodes the words
//!   and compares with the least and greatest of the same seeded values.
//! - `texels.comp`: GLSL with a combined image sampler, which WGSL does
//!   not have: the front end split it into a texture and a sampler, and
//!   the generated module says at which bindings the host puts them. The
//!   shader reads every texel with `textureLod` (WGSL's
//!   `textureSampleLevel`); the host compares with the texels it wrote.
//!
//! Exits 0 when everything agreed, 1 on a mismatch (saying which) and 2
//! when there is no adapter to run on.

mod gpu;
mod shaders {
    include!(concat!(env!("OUT_DIR"), "/shaders.rs"));
}

use std::process::ExitCode;

use gpu::Gpu;
use shaderxform_host::{Accumulation, FloatEncoding};

/// The exit code without an adapter: nothing was run.
const NO_ADAPTER: u8 = 2;

fn main() -> ExitCode {
    println!(
        "bounds.wgsl: {} bytes, bounds.spv: {} bytes, texels.wgsl: {} bytes",
        shaders::compute_bounds::WGSL.len(),
        shaders::compute_bounds::SPIRV.len(),
        shaders::texels_comp::WGSL.len()
    );
    println!("checked by {}", env!("SHADERS_CHECKED_BY"));
    let gpu = match Gpu::open() {
        Ok(Some(gpu)) => gpu,
        Ok(None) => {
            eprintln!(
                "no GPU adapter: nothing was run (without a GPU, lavapipe, a CPU Vulkan driver, works: `apt-get install mesa-vulkan-drivers`)"
            );
            return ExitCode::from(NO_ADAPTER);
        }
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    println!("adapter: {}", gpu.adapter);
    let mut agreed = true;
    for (name, result) in [
        ("bounds", bounds_on_the_gpu(&gpu)),
        ("texels", texels_on_the_gpu(&gpu)),
    ] {
        match result {
            Ok(done) => println!("{name}: agreed on the GPU: {done}"),
            Err(mismatch) => {
                eprintln!("{name}: the GPU disagrees with the CPU: {mismatch}");
                agreed = false;
            }
        }
    }
    if agreed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Seeded values of both signs, with a negative zero, a subnormal and
/// extremes: the ordered encoding keeps them all in order.
fn seeded_values(count: usize) -> Vec<f32> {
    let mut state = 0x2545_f491u32;
    let mut values: Vec<f32> = (0..count)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            (state as f32 / u32::MAX as f32 - 0.5) * 2.0e4
        })
        .collect();
    values.extend([-0.0, 3.0e-39, -1.0e30, 7.5e29]);
    values
}

fn bounds_on_the_gpu(gpu: &Gpu) -> Result<String, String> {
    use shaders::compute_bounds::{bindings, entry_points, types, WGSL};
    let values = seeded_values(1000);

    // The buffer holds words of the rewrite's encoding, cleared to the
    // words that any value replaces: the generated ones, which are the
    // host crate's.
    let encoding = FloatEncoding::from_strategy(bindings::bounds::FLOAT_ENCODING)
        .ok_or("an encoding shaderxform-host does not know")?;
    let cleared = types::Bounds {
        lo: bindings::bounds::CLEAR_FOR_MIN,
        hi: bindings::bounds::CLEAR_FOR_MAX,
    };
    assert_eq!(cleared.lo, encoding.clear_f32(Accumulation::Min));
    assert_eq!(cleared.hi, encoding.clear_f32(Accumulation::Max));

    let values_bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let input = gpu.storage_buffer(&values_bytes);
    let bounds = gpu.storage_buffer(&[cleared.lo.to_le_bytes(), cleared.hi.to_le_bytes()].concat());
    let pipeline = gpu.pipeline(WGSL, entry_points::main::NAME);
    let bind_group = gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("bounds"),
        layout: &pipeline.get_bind_group_layout(bindings::bounds::GROUP),
        entries: &[
            wgpu::BindGroupEntry {
                binding: bindings::values::BINDING,
                resource: input.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: bindings::bounds::BINDING,
                resource: bounds.as_entire_binding(),
            },
        ],
    });
    let workgroups = (values.len() as u32).div_ceil(entry_points::main::WORKGROUP_SIZE[0]);
    let read = gpu.dispatch_and_read(&pipeline, &bind_group, [workgroups, 1, 1], &bounds);

    let words = encoding.decode_f32_words(&read);
    let (lo, hi) = (words[0], words[1]);
    let min = values.iter().copied().fold(f32::INFINITY, f32::min);
    let max = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    if (lo.to_bits(), hi.to_bits()) != (min.to_bits(), max.to_bits()) {
        return Err(format!(
            "bounds [{lo:e}, {hi:e}], the CPU's [{min:e}, {max:e}]"
        ));
    }
    Ok(format!(
        "[{lo:e}, {hi:e}] over {} values ({} encoding)",
        values.len(),
        bindings::bounds::FLOAT_ENCODING
    ))
}

fn texels_on_the_gpu(gpu: &Gpu) -> Result<String, String> {
    use shaders::texels_comp::{bindings, entry_points, WGSL};
    // The source's `sampler2D tex` became two bindings.
    assert_eq!(bindings::tex::SPLIT_FROM, bindings::tex_sampler::SPLIT_FROM);
    let (width, height) = (13u32, 7u32);
    let mut state = 0x9e37_79b9u32;
    let texels: Vec<u8> = (0..width * height * 4)
        .map(|_| {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (state >> 24) as u8
        })
        .collect();

    let texture = wgpu::util::DeviceExt::create_texture_with_data(
        &gpu.device,
        &gpu.queue,
        &wgpu::TextureDescriptor {
            label: Some("tex"),
            size: wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::Rgba8Unorm,
            usage: wgpu::TextureUsages::TEXTURE_BINDING,
            view_formats: &[],
        },
        wgpu::util::TextureDataOrder::LayerMajor,
        &texels,
    );
    // Nearest filtering: a texel's centre reads exactly that texel.
    let sampler = gpu
        .device
        .create_sampler(&wgpu::SamplerDescriptor::default());
    let sampled = gpu.storage_buffer(&vec![0; texels.len() * 4]);
    let pipeline = gpu.pipeline(WGSL, entry_points::main::NAME);
    let view = texture.create_view(&Default::default());
    let bind_group = gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("texels"),
        layout: &pipeline.get_bind_group_layout(bindings::tex::GROUP),
        entries: &[
            wgpu::BindGroupEntry {
                binding: bindings::tex::BINDING,
                resource: wgpu::BindingResource::TextureView(&view),
            },
            wgpu::BindGroupEntry {
                binding: bindings::tex_sampler::BINDING,
                resource: wgpu::BindingResource::Sampler(&sampler),
            },
            wgpu::BindGroupEntry {
                binding: bindings::sampled::BINDING,
                resource: sampled.as_entire_binding(),
            },
        ],
    });
    let [size_x, size_y, _] = entry_points::main::WORKGROUP_SIZE;
    let workgroups = [width.div_ceil(size_x), height.div_ceil(size_y), 1];
    let read = gpu.dispatch_and_read(&pipeline, &bind_group, workgroups, &sampled);

    // rgba8unorm reads as c / 255: back to bytes, the texels.
    for (i, (got, texel)) in read.chunks(4).zip(&texels).enumerate() {
        let got = f32::from_le_bytes(got.try_into().unwrap());
        if (got * 255.0).round() != f32::from(*texel) {
            let (texel_index, channel) = (i / 4, i % 4);
            return Err(format!(
                "texel ({}, {}) channel {channel}: read {got}, wrote {texel}/255",
                texel_index as u32 % width,
                texel_index as u32 / width
            ));
        }
    }
    Ok(format!(
        "{width}x{height} texels through `tex` at binding {} and `tex_sampler` at binding {}",
        bindings::tex::BINDING,
        bindings::tex_sampler::BINDING
    ))
}
