// Native baseline for f32_min_storage_per_workgroup.wgsl: the same
// atomicMin on one storage address per workgroup, on the f32 bits as u32.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> result: array<atomic<u32>>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(workgroup_id) wid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&values)) {
        return;
    }
    atomicMin(&result[wid.x], bitcast<u32>(values[i]));
}
