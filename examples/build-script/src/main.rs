//! Uses the shaders its build script transformed: WGSL that every WGSL
//! compiler accepts (float atomics rewritten onto `u32`) and SPIR-V, with
//! the generated module's constants and buffer types, and
//! `shaderxform-host` for the words float-atomics keeps in the buffer.

mod shaders {
    include!(concat!(env!("OUT_DIR"), "/shaders.rs"));
}

use shaders::compute_bounds::{bindings, entry_points, types};
use shaderxform_host::{Accumulation, FloatEncoding};

fn main() {
    let bounds_wgsl = shaders::compute_bounds::WGSL;
    let bounds_spirv = shaders::compute_bounds::SPIRV;
    let reduce_wgsl = shaders::reduce_comp::WGSL;
    assert!(
        !bounds_wgsl.contains("atomic<f32>"),
        "float-atomics did not rewrite the shader:\n{bounds_wgsl}"
    );
    assert!(bounds_wgsl.contains("atomic<u32>"), "{bounds_wgsl}");
    assert!(bounds_wgsl.contains("atomicMin"), "{bounds_wgsl}");
    assert_eq!(
        bounds_spirv[..4],
        0x0723_0203u32.to_le_bytes(),
        "SPIR-V magic"
    );
    assert!(reduce_wgsl.contains("@compute"), "{reduce_wgsl}");
    println!(
        "bounds.wgsl: {} bytes, bounds.spv: {} bytes, reduce.wgsl: {} bytes",
        bounds_wgsl.len(),
        bounds_spirv.len(),
        reduce_wgsl.len()
    );

    // What the host binds, from the generated module.
    assert_eq!((bindings::bounds::GROUP, bindings::bounds::BINDING), (0, 1));
    assert_eq!(entry_points::main::WORKGROUP_SIZE, [64, 1, 1]);
    assert_eq!(std::mem::size_of::<types::Bounds>() as u64, bindings::bounds::MIN_BINDING_SIZE);

    // The buffer holds words of the rewrite's encoding: the host clears
    // it to the generated words, the shader's integer min and max keep the
    // least and greatest word, and the host decodes them.
    let encoding = FloatEncoding::from_strategy(bindings::bounds::FLOAT_ENCODING)
        .expect("an encoding shaderxform-host knows");
    assert_eq!(bindings::bounds::CLEAR_FOR_MIN, encoding.clear_f32(Accumulation::Min));
    assert_eq!(bindings::bounds::CLEAR_FOR_MAX, encoding.clear_f32(Accumulation::Max));
    let values = [0.1f32, -2.5, 7.25, -0.0, 3.0e-39, -1.0e30];
    let mut bounds = types::Bounds {
        lo: bindings::bounds::CLEAR_FOR_MIN,
        hi: bindings::bounds::CLEAR_FOR_MAX,
    };
    for v in values {
        bounds.lo = bounds.lo.min(encoding.encode_f32(v));
        bounds.hi = bounds.hi.max(encoding.encode_f32(v));
    }
    let min = values.iter().copied().fold(f32::INFINITY, f32::min);
    let max = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    assert_eq!(encoding.decode_f32(bounds.lo), min);
    assert_eq!(encoding.decode_f32(bounds.hi), max);
    println!(
        "bounds: @group({}) @binding({}), {} encoding, clear to {:#010x} / {:#010x}",
        bindings::bounds::GROUP,
        bindings::bounds::BINDING,
        bindings::bounds::FLOAT_ENCODING,
        bindings::bounds::CLEAR_FOR_MIN,
        bindings::bounds::CLEAR_FOR_MAX
    );
    println!("checked by {}", env!("SHADERS_CHECKED_BY"));
}
