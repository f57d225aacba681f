// Nearest distance per workgroup: distances are never negative, so the
// atomic can hold the float bits in an i32 (signed strategy) and the
// result is read back with a plain load.

@group(0) @binding(0) var<storage, read> points: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read_write> nearest: array<f32>;

var<workgroup> best: atomic<f32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(global_invocation_id) gid: vec3<u32>) {
    if (lid == 0u) {
        atomicStore(&best, 3.0e38);
    }
    workgroupBarrier();
    let n = arrayLength(&points);
    let p = points[min(gid.x, n - 1u)];
    let d = distance(p, vec2<f32>(0.5, 0.5));
    atomicMin(&best, d);
    workgroupBarrier();
    if (lid == 0u) {
        nearest[wid.x] = atomicLoad(&best);
    }
}
