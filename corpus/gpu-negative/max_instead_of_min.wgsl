// WRONG ON PURPOSE: bounds_storage_any_sign.wgsl with atomicMax where the
// lower bound needs atomicMin.

struct Bounds {
    lo: atomic<f32>,
    hi: atomic<f32>,
}

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> bounds: Bounds;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&values)) {
        return;
    }
    let v = values[i];
    atomicMax(&bounds.lo, v);
    atomicMax(&bounds.hi, v);
}
