// Bounding interval of signed values: atomicMin/atomicMax on f32 in a
// storage buffer. The values may be negative, so the ordered encoding is
// needed.

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
    atomicMin(&bounds.lo, v);
    atomicMax(&bounds.hi, v);
}
