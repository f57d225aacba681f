enable f16;

// Scales and biases RGBA colours stored as vec4<f16>, in f16 arithmetic,
// then clamps to [0, 1]. The scale/bias come in as f32 and are converted.

struct Params {
    scale: vec4<f32>,
    bias: vec4<f32>,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> colors: array<vec4<f16>>;

fn tone(c: vec4<f16>, s: vec4<f16>, b: vec4<f16>) -> vec4<f16> {
    let scaled = (c * s) + b;
    return clamp(scaled, vec4<f16>(0.0h), vec4<f16>(1.0h));
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&colors)) {
        return;
    }
    let s = vec4<f16>(params.scale);
    let b = vec4<f16>(params.bias);
    colors[i] = tone(colors[i], s, b);
}
