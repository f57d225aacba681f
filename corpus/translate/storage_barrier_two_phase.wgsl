// Two-phase kernel: phase 1 writes squared values to a storage scratch
// buffer, storageBarrier() orders those writes within the workgroup (it is
// reached by every invocation), phase 2 reads the neighbours' values.
// scratch should hold one f32 per invocation of the dispatch
// (num_workgroups.x * 64); accesses past its end are skipped.

@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> scratch: array<f32>;
@group(0) @binding(2) var<storage, read_write> dst: array<f32>;

fn scratch_at(j: u32) -> f32 {
    if (j < arrayLength(&scratch)) {
        return scratch[j];
    }
    return 0.0;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
    let base = wid.x * 64u;
    let i = base + lid;
    let n = arrayLength(&src);

    var v = 0.0;
    if (i < n) {
        v = src[i] * src[i];
    }
    if (i < arrayLength(&scratch)) {
        scratch[i] = v;
    }
    storageBarrier();

    let left = base + ((lid + 63u) % 64u);
    let right = base + ((lid + 1u) % 64u);
    let smoothed = (scratch_at(left) + v + scratch_at(right)) / 3.0;
    if (i < min(n, arrayLength(&dst))) {
        dst[i] = smoothed;
    }
}
