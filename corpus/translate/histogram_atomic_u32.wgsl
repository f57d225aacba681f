// 256-bin byte histogram. Each workgroup builds a private histogram in
// workgroup memory with atomicAdd, then merges it into the global one.
// Both barriers are in uniform control flow.

const BINS: u32 = 256u;

@group(0) @binding(0) var<storage, read> words: array<u32>;
@group(0) @binding(1) var<storage, read_write> histogram: array<atomic<u32>, BINS>;

var<workgroup> local_bins: array<atomic<u32>, BINS>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    atomicStore(&local_bins[lid], 0u);
    workgroupBarrier();

    if (gid.x < arrayLength(&words)) {
        let w = words[gid.x];
        for (var k = 0u; k < 4u; k = k + 1u) {
            let byte_value = (w >> (k * 8u)) & 0xffu;
            atomicAdd(&local_bins[byte_value], 1u);
        }
    }
    workgroupBarrier();

    let count = atomicLoad(&local_bins[lid]);
    if (count > 0u) {
        atomicAdd(&histogram[lid], count);
    }
}
