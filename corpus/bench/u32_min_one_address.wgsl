// Integer atomics benchmark: 2^22 invocations each take the minimum of its value and one u32 in a
// storage buffer, the most contended case. Timed against
// `aggregated/u32_min_one_address.wgsl`, the same with the subgroup's
// values reduced first and one atomic per subgroup, to decide whether
// float-atomics' subgroup aggregation should apply to integer atomics.

@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> total: atomic<u32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x < arrayLength(&values)) {
        atomicMin(&total, values[gid.x]);
    }
}
