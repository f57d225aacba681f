// Bounding interval of f64 values of both signs: atomicMin/atomicMax on
// atomic<f64> in a storage buffer. Rewritten onto atomic<u64> with the
// 64-bit ordered encoding; needs a target with 64-bit integer atomic
// min/max (`--features int64-atomic-min-max`).

struct Bounds {
    lo: atomic<f64>,
    hi: atomic<f64>,
}

@group(0) @binding(0) var<storage, read> values: array<f64>;
@group(0) @binding(1) var<storage, read_write> bounds: Bounds;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&values)) {
        return;
    }
    let v = values[i];
    atomicMin(&bounds.lo, v);
    atomicMax(&bounds.hi, v);
}
