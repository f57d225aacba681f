// Wrong on purpose: a subgroup aggregation that elects lane 0 to add the
// subgroup's total. Under a branch lane 0 may not be active, and then the
// subgroup's values are lost (and where the lanes' bins differ, all go to
// lane 0's bin). The reference adds one value per invocation.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> bins: array<atomic<f32>, 64>;

@diagnostic(off, subgroup_uniformity)
fn deposit(bin: u32, amount: f32, lane: u32) {
    let total = subgroupAdd(amount);
    if (lane == 0u) {
        atomicAdd(&bins[bin], total);
    }
}

@compute @workgroup_size(64)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
    @builtin(subgroup_invocation_id) lane: u32,
) {
    if (gid.x >= arrayLength(&values)) {
        return;
    }
    let v = values[gid.x];
    var bin = (gid.x / 16u) % 64u;
    if ((wid.x & 1u) == 1u) {
        bin = (lid & 1u) + 2u * (wid.x % 32u);
    }
    if (v > 0.25) {
        deposit(bin, v, lane);
    }
}
