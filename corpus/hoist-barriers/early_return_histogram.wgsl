// A histogram of byte values with a bounds guard: each workgroup counts
// into workgroup memory, then adds its counts to the global histogram.
// The invocations past the end return before the first barrier.
var<workgroup> counts: array<atomic<u32>, 256>;

@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> histogram: array<atomic<u32>, 256>;

@compute @workgroup_size(256)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
) {
    if gid.x >= arrayLength(&input) {
        return;
    }
    atomicAdd(&counts[input[gid.x] & 255u], 1u);
    workgroupBarrier();
    let count = atomicLoad(&counts[lid]);
    if count != 0u {
        atomicAdd(&histogram[lid], count);
    }
}
