// Native baseline for f32_min_storage_contended.wgsl: the same atomicMin
// on one storage address, on the f32 bits as u32 (not a float minimum;
// only its cost matters).

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> result: atomic<u32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&values)) {
        return;
    }
    atomicMin(&result, bitcast<u32>(values[i]));
}
