// An f64 sum (naga's f64 extension of WGSL, for wgpu): no target adds
// f64 atomically, so float-atomics makes `total` an atomic<u64> holding
// the float's bits and each add a 64-bit compare-exchange loop, on a
// target with 64-bit integer atomics (`--features int64-atomics`;
// `validate` adds the adapter's). The reference adds the values one after
// another in a single invocation, in another order.

@group(0) @binding(0) var<storage, read> values: array<f64>;
@group(0) @binding(1) var<storage, read_write> total: atomic<f64>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x < arrayLength(&values)) {
        atomicAdd(&total, values[gid.x]);
    }
}
