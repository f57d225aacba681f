// The correct kernel for off_by_one_store.wgsl and one_ulp_off.wgsl.

@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> output: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&output)) {
        return;
    }
    output[i] = input[i] * 2.0;
}
