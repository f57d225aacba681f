// `../u32_add_one_address.wgsl` with the subgroup's values reduced
// first (subgroupAdd over the active lanes) and one atomicAdd per subgroup,
// by its lowest active lane: what float-atomics' aggregation would make of
// an integer atomic. The subgroup operations stand in uniform control
// flow; invocations past the end offer the operation's identity.

@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> total: atomic<u32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let inside = gid.x < arrayLength(&values);
    let reduced = subgroupAdd(select(0u, 1u, inside));
    if (subgroupExclusiveAdd(1u) == 0u) {
        atomicAdd(&total, reduced);
    }
}
