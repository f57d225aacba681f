// Float-atomics benchmark: atomicMin on one f32 per workgroup in a
// storage buffer (`result[workgroup_id.x]`): contention within a
// workgroup only.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> result: array<atomic<f32>>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(workgroup_id) wid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&values)) {
        return;
    }
    atomicMin(&result[wid.x], values[i]);
}
