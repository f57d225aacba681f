// Tree reduction of f32 values in workgroup memory: one partial sum per
// workgroup. The loop bound is a constant, so every workgroupBarrier is
// reached by all invocations (uniform control flow).

const WG: u32 = 256u;

@group(0) @binding(0) var<storage, read> input_values: array<f32>;
@group(0) @binding(1) var<storage, read_write> partial_sums: array<f32>;

var<workgroup> scratch: array<f32, WG>;

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
    var v = 0.0;
    if (gid.x < arrayLength(&input_values)) {
        v = input_values[gid.x];
    }
    scratch[lid] = v;
    workgroupBarrier();

    for (var stride = WG / 2u; stride > 0u; stride = stride >> 1u) {
        if (lid < stride) {
            scratch[lid] = scratch[lid] + scratch[lid + stride];
        }
        workgroupBarrier();
    }

    if (lid == 0u && wid.x < arrayLength(&partial_sums)) {
        partial_sums[wid.x] = scratch[0];
    }
}
