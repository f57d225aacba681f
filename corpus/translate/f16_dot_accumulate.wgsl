enable f16;

// Per-element dot products and lengths of vec4<f16> pairs computed in half
// precision; results widened to f32 for output.

@group(0) @binding(0) var<storage, read> lhs: array<vec4<f16>>;
@group(0) @binding(1) var<storage, read> rhs: array<vec4<f16>>;
@group(0) @binding(2) var<storage, read_write> results: array<vec2<f32>>;

fn dot_h(a: vec4<f16>, b: vec4<f16>) -> f16 {
    return dot(a, b);
}

fn lerp_h(a: f16, b: f16, t: f16) -> f16 {
    return a + ((b - a) * t);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let n = min(arrayLength(&lhs), arrayLength(&rhs));
    if (i >= n || i >= arrayLength(&results)) {
        return;
    }
    let a = lhs[i];
    let b = rhs[i];
    let d: f16 = dot_h(a, b);
    let len: f16 = length(a - b);
    let mixed = lerp_h(d, len, 0.25h);
    results[i] = vec2<f32>(f32(d), f32(mixed) * 1.5);
}
