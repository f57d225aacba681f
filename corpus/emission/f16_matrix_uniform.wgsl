// Transforms f16 positions by a uniform f16 matrix whose 8-byte-aligned
// columns sit at offset 24, where std140 would want a multiple of 16.
enable f16;

struct Transform {
    origin: vec4<f32>,
    scale: vec2<f16>,
    rotation: mat2x3<f16>,
    offset: vec3<f16>,
}

@group(0) @binding(0) var<uniform> transform: Transform;
@group(0) @binding(1) var<storage, read_write> points: array<vec2<f16>>;
@group(0) @binding(2) var<storage, read_write> moved: array<vec3<f16>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let p = points[gid.x] * transform.scale;
    moved[gid.x] = transform.rotation * p + transform.offset + vec3<f16>(transform.origin.xyz);
}
