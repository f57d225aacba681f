//! Uses the shaders its build script transformed: WGSL that every WGSL
//! compiler accepts (float atomics rewritten onto `u32`) and SPIR-V.

const BOUNDS_WGSL: &str = include_str!(concat!(env!("OUT_DIR"), "/compute/bounds.wgsl"));
const BOUNDS_SPIRV: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/compute/bounds.spv"));
const REDUCE_WGSL: &str = include_str!(concat!(env!("OUT_DIR"), "/reduce.wgsl"));

fn main() {
    assert!(
        !BOUNDS_WGSL.contains("atomic<f32>"),
        "float-atomics did not rewrite the shader:\n{BOUNDS_WGSL}"
    );
    assert!(BOUNDS_WGSL.contains("atomic<u32>"), "{BOUNDS_WGSL}");
    assert!(BOUNDS_WGSL.contains("atomicMin"), "{BOUNDS_WGSL}");
    assert_eq!(
        BOUNDS_SPIRV[..4],
        0x0723_0203u32.to_le_bytes(),
        "SPIR-V magic"
    );
    assert!(REDUCE_WGSL.contains("@compute"), "{REDUCE_WGSL}");
    println!(
        "bounds.wgsl: {} bytes, bounds.spv: {} bytes, reduce.wgsl: {} bytes",
        BOUNDS_WGSL.len(),
        BOUNDS_SPIRV.len(),
        REDUCE_WGSL.len()
    );
    println!("checked by {}", env!("SHADERS_CHECKED_BY"));
}
