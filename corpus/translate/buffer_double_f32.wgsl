// Doubles every element of a runtime-sized f32 storage buffer in place.
// The simplest possible compute kernel: one invocation per element, with a
// bounds check against arrayLength so the dispatch may be rounded up.

@group(0) @binding(0) var<storage, read_write> values: array<f32>;

fn scaled(x: f32, factor: f32) -> f32 {
    return x * factor;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&values)) {
        return;
    }
    values[i] = scaled(values[i], 2.0);
}
