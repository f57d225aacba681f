// WRONG ON PURPOSE: every result is one ULP above input[i] * 2.

@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> output: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&output)) {
        return;
    }
    output[i] = bitcast<f32>(bitcast<u32>(input[i] * 2.0) + 1u);
}
