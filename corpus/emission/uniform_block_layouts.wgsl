// Reads a uniform block with the members that std140 lays out with care:
// a 3x3 matrix, arrays of vectors and of structs, vec3 + f32 packing,
// and a bare mat2x2 uniform.
struct Material {
    albedo: vec3<f32>,
    roughness: f32,
}

struct Frame {
    normal_matrix: mat3x3<f32>,
    weights: array<vec4<f32>, 4>,
    base: Material,
    layers: array<Material, 2>,
    exposure: f32,
    size: vec2<u32>,
}

@group(0) @binding(0) var<uniform> frame: Frame;
@group(0) @binding(1) var<uniform> rotation: mat2x2<f32>;
@group(0) @binding(2) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let n = frame.normal_matrix * vec3<f32>(0.0, 0.0, 1.0);
    let w = frame.weights[gid.x % 4u];
    let m = frame.layers[gid.x % 2u];
    let r = rotation * vec2<f32>(f32(gid.x % frame.size.x), 1.0);
    out[gid.x] = vec4<f32>(n * frame.base.albedo + m.albedo * m.roughness, frame.exposure)
        + w + vec4<f32>(r, 0.0, 0.0);
}
