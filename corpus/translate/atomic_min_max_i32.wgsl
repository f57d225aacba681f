// Signed range and running total of a set of integer samples using
// atomic<i32> (atomicMin, atomicMax, atomicAdd, atomicSub) in a storage struct.

struct Stats {
    lo: atomic<i32>,
    hi: atomic<i32>,
    total: atomic<i32>,
    negatives: atomic<u32>,
}

@group(0) @binding(0) var<storage, read> samples: array<i32>;
@group(0) @binding(1) var<storage, read_write> stats: Stats;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&samples)) {
        return;
    }
    let v = clamp(samples[i], -1000000, 1000000);
    atomicMin(&stats.lo, v);
    atomicMax(&stats.hi, v);
    if (v >= 0) {
        atomicAdd(&stats.total, v);
    } else {
        atomicSub(&stats.total, -v);
        atomicAdd(&stats.negatives, 1u);
    }
}
