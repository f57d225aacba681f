// One contended address in workgroup memory: each workgroup sums its
// values of both signs in `partial` and takes half of each out of
// `spent`, both read after a barrier. Adds and subtracts in workgroup
// memory are reduced over the subgroup first too; no target has float
// atomics there, and both sums are loaded, so the one atomic per
// subgroup is a compare-exchange loop on the float's bits.

var<workgroup> partial: atomic<f32>;
var<workgroup> spent: atomic<f32>;

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> per_workgroup: array<f32>;
@group(0) @binding(2) var<storage, read_write> spent_per_workgroup: array<f32>;

@compute @workgroup_size(64)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
) {
    if (gid.x < arrayLength(&values)) {
        let v = values[gid.x];
        atomicAdd(&partial, v);
        atomicSub(&spent, 0.5 * v);
    }
    workgroupBarrier();
    if (lid == 0u && wid.x < arrayLength(&per_workgroup)) {
        per_workgroup[wid.x] = atomicLoad(&partial);
        spent_per_workgroup[wid.x] = atomicLoad(&spent);
    }
}
