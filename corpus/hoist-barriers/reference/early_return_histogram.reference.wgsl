// Hand-written: every invocation reaches the barrier; those past the end
// count nothing. Every invocation then adds one bin of the workgroup's
// counts, as in the original.
var<workgroup> counts: array<atomic<u32>, 256>;

@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> histogram: array<atomic<u32>, 256>;

@compute @workgroup_size(256)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
) {
    let live = gid.x < arrayLength(&input);
    if live {
        atomicAdd(&counts[input[gid.x] & 255u], 1u);
    }
    workgroupBarrier();
    if live {
        let count = atomicLoad(&counts[lid]);
        if count != 0u {
            atomicAdd(&histogram[lid], count);
        }
    }
}
