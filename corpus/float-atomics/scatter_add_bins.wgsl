// Scatter-add of the splatting kind: each sample adds its weight into the
// bin it lands in and takes it out of a budget, and each workgroup sums
// its samples in workgroup memory first. WGSL has no float atomics:
// float-atomics makes the f32 sums integer atomics holding the float's
// bits, their adds compare-exchange loops. With `sum=relay`, the bins and
// the budget, only ever added to, take exchange relays; the workgroup sum
// is also read, so its adds stay compare-exchange loops. Weights are
// small whole numbers, so every order of additions gives the same sums.

struct Sample {
    bin: u32,
    weight: u32,
}

@group(0) @binding(0) var<storage, read> samples: array<Sample>;
@group(0) @binding(1) var<storage, read_write> bins: array<atomic<f32>, 64>;
@group(0) @binding(2) var<storage, read_write> budget: atomic<f32>;
@group(0) @binding(3) var<storage, read_write> per_workgroup: array<f32>;

var<workgroup> workgroup_total: atomic<f32>;

@compute @workgroup_size(64)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
) {
    if (gid.x < arrayLength(&samples)) {
        let s = samples[gid.x];
        let w = f32(s.weight % 16u);
        atomicAdd(&bins[s.bin % 64u], w);
        atomicSub(&budget, w);
        atomicAdd(&workgroup_total, w);
    }
    workgroupBarrier();
    if (lid == 0u && wid.x < arrayLength(&per_workgroup)) {
        per_workgroup[wid.x] = atomicLoad(&workgroup_total);
    }
}
