// Sums that every invocation of a workgroup reaches: lanes past the end
// add zero instead of branching around the adds, so the control flow stays
// uniform. Each address is the same for the whole workgroup (a constant,
// the workgroup's id, a uniform loop counter), so float-atomics'
// `aggregate=workgroup` makes each of these adds one atomic per workgroup:
// subgroupAdd, the subgroups' sums met in workgroup memory, a barrier, and
// one invocation adds them. The add inside the loop needs a second barrier
// before the next iteration's partial sums; the workgroup-memory sum is
// loaded, so it keeps compare-exchange loops. The last workgroup is partly
// idle.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> total: atomic<f32>;
@group(0) @binding(2) var<storage, read_write> bins: array<atomic<f32>, 8>;
@group(0) @binding(3) var<storage, read_write> looped: atomic<f32>;
@group(0) @binding(4) var<storage, read_write> per_workgroup: array<f32>;

var<workgroup> partial: atomic<f32>;

@compute @workgroup_size(64)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
) {
    let n = arrayLength(&values);
    let v = select(0.0, values[min(gid.x, n - 1u)], gid.x < n);
    atomicAdd(&total, v);
    atomicSub(&bins[wid.x % 8u], 0.5 * v);
    for (var k = 0u; k < 2u; k++) {
        atomicAdd(&looped, v);
    }
    atomicAdd(&partial, v);
    workgroupBarrier();
    if (lid == 0u && wid.x < arrayLength(&per_workgroup)) {
        per_workgroup[wid.x] = atomicLoad(&partial);
    }
}
