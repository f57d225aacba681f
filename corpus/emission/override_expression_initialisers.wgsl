// Overrides derived from other overrides, and a private variable
// initialised from them: the derived values are computed when the
// pipeline is created.
override base_gain: f32 = 1.5;
override boost: f32 = 2.0;
override total_gain = base_gain * boost + 0.25;
override bias: i32 = -3;
override shifted_bias = bias - 1;

var<private> scaled: f32 = total_gain * 10.0;

@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    data[gid.x] = data[gid.x] * scaled + f32(shifted_bias);
}
