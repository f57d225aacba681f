// Reference for ../distance_min_workgroup_signed.wgsl: the nearest
// distance per workgroup by a compare-exchange loop on the f32 bits of a
// workgroup atomic.

@group(0) @binding(0) var<storage, read> points: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read_write> nearest: array<f32>;

var<workgroup> best: atomic<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(global_invocation_id) gid: vec3<u32>) {
    if (lid == 0u) {
        atomicStore(&best, bitcast<u32>(3.0e38));
    }
    workgroupBarrier();
    let n = arrayLength(&points);
    let p = points[min(gid.x, n - 1u)];
    let d = distance(p, vec2<f32>(0.5, 0.5));
    loop {
        let old = atomicLoad(&best);
        let next = min(bitcast<f32>(old), d);
        if (bitcast<u32>(next) == old) {
            break;
        }
        if (atomicCompareExchangeWeak(&best, old, bitcast<u32>(next)).exchanged) {
            break;
        }
    }
    workgroupBarrier();
    if (lid == 0u) {
        nearest[wid.x] = bitcast<f32>(atomicLoad(&best));
    }
}
