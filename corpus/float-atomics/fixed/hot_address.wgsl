// Every invocation adds into one address: the most contended sum there
// is. With `float-atomics.sum=fixed`, lanes first sum their fixed-point
// words over the subgroup (as integers: exact), then one lane per
// subgroup adds the subgroup's sum with one integer atomicAdd.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> total: atomic<f32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x >= arrayLength(&values)) {
        return;
    }
    atomicAdd(&total, values[gid.x]);
}
