enable subgroups;

// Sums u32 values: subgroupAdd reduces each subgroup, lane 0 of each subgroup
// adds the result to a global atomic. Also records the largest subgroup size
// seen and a per-element exclusive prefix within the subgroup.

struct Totals {
    sum: atomic<u32>,
    subgroups_seen: atomic<u32>,
    max_lanes: atomic<u32>,
}

@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> totals: Totals;
@group(0) @binding(2) var<storage, read_write> prefixes: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(subgroup_invocation_id) lane: u32,
        @builtin(subgroup_size) lanes: u32) {
    let n = arrayLength(&values);
    var v = 0u;
    if (gid.x < n) {
        v = values[gid.x];
    }
    let total = subgroupAdd(v);
    let before = subgroupExclusiveAdd(v);
    if (lane == 0u) {
        atomicAdd(&totals.sum, total);
        atomicAdd(&totals.subgroups_seen, 1u);
        atomicMax(&totals.max_lanes, lanes);
    }
    if (gid.x < n) {
        prefixes[gid.x] = before;
    }
}
