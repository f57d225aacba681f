// Counts, per subgroup, the invocations whose input is positive, and lets
// the first invocation of each subgroup add the count to a total.
enable subgroups;

@group(0) @binding(0) var<storage, read> values: array<i32>;
@group(0) @binding(1) var<storage, read_write> total: atomic<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(subgroup_invocation_id) lane: u32) {
    let positive = values[gid.x] > 0;
    let count = subgroupAdd(select(0u, 1u, positive));
    if (subgroupAny(positive) && lane == 0u) {
        atomicAdd(&total, count);
    }
}
