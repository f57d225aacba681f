// Float-atomics benchmark: atomicMin on a workgroup f32 atomic, then one
// plain store per workgroup. Both barriers are outside all control flow
// and no invocation returns before them.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> result: array<f32>;

var<workgroup> best: atomic<f32>;

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(global_invocation_id) gid: vec3<u32>) {
    if (lid == 0u) {
        // The largest finite f32.
        atomicStore(&best, 0x1.fffffep+127f);
    }
    workgroupBarrier();
    let n = arrayLength(&values);
    if (gid.x < n) {
        atomicMin(&best, values[gid.x]);
    }
    workgroupBarrier();
    if (lid == 0u) {
        result[wid.x] = atomicLoad(&best);
    }
}
