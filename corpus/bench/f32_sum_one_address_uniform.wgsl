// Float-atomics benchmark: f32_sum_one_address.wgsl without its early
// `return`. Every invocation reaches the add (one past the end of `values`
// would add 0.0), so the control flow stays uniform and
// `float-atomics.aggregate=workgroup` applies: subgroupAdd, the
// subgroups' sums met in workgroup memory, one atomic per workgroup of
// 256. The dispatch covers `values` exactly, as in the kernel with the
// return, so both do the same 2^22 adds of 1.0. Whole numbers keep the
// sum exact.

@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> total: atomic<f32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    atomicAdd(&total, select(0.0, 1.0, gid.x < arrayLength(&values)));
}
