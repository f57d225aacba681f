// A sum every invocation of a three-dimensional workgroup reaches, on one
// address: `aggregate=workgroup` makes it one atomic per workgroup. naga
// accepts `subgroup_id` only in one-dimensional workgroups, so here every
// invocation writes a slot indexed by `local_invocation_index` (its
// subgroup's sum in the first lane, zero elsewhere) and all 64 slots are
// added. Lanes past the end add zero.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> total: atomic<f32>;

@compute @workgroup_size(8, 4, 2)
fn main(
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
) {
    let i = wid.x * 64u + lid;
    let n = arrayLength(&values);
    atomicAdd(&total, select(0.0, values[min(i, n - 1u)], i < n));
}
