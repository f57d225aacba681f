// Pipeline-overridable constants (all with defaults): a gain, a bias with an
// explicit @id, a boolean switch and a clamp limit used negated in a function.
// (No override initialised from another override: naga 30's WGSL writer
// panics on that.)

override gain: f32 = 1.5;
@id(7) override bias: f32 = 0.25;
override use_clamp: bool = true;
override clamp_limit: f32 = 6.0;

@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> dst: array<f32>;

fn apply(x: f32) -> f32 {
    let y = (x * gain) + bias;
    if (use_clamp) {
        return clamp(y, -clamp_limit, clamp_limit);
    }
    return y;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= min(arrayLength(&src), arrayLength(&dst))) {
        return;
    }
    dst[i] = apply(src[i]);
}
