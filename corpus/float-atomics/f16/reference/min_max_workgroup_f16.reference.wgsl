// Reference for ../min_max_workgroup_f16.wgsl: the same bounds without
// float atomics. Each workgroup atomic holds the bits of the f16 value
// widened to f32 and is updated by a compare-exchange loop.

enable f16;

var<workgroup> lo: atomic<u32>;
var<workgroup> hi: atomic<u32>;

@group(0) @binding(0) var<storage, read> values: array<f16>;
@group(0) @binding(1) var<storage, read_write> bounds: array<vec2<f16>>;

@compute @workgroup_size(64)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
) {
    if (lid == 0u) {
        atomicStore(&lo, bitcast<u32>(65504.0));
        atomicStore(&hi, bitcast<u32>(-65504.0));
    }
    workgroupBarrier();
    let v = f32(values[min(gid.x, arrayLength(&values) - 1u)]);
    loop {
        let old = atomicLoad(&lo);
        let next = min(bitcast<f32>(old), v);
        if (bitcast<u32>(next) == old) {
            break;
        }
        if (atomicCompareExchangeWeak(&lo, old, bitcast<u32>(next)).exchanged) {
            break;
        }
    }
    loop {
        let old = atomicLoad(&hi);
        let next = max(bitcast<f32>(old), v);
        if (bitcast<u32>(next) == old) {
            break;
        }
        if (atomicCompareExchangeWeak(&hi, old, bitcast<u32>(next)).exchanged) {
            break;
        }
    }
    workgroupBarrier();
    if (lid == 0u) {
        bounds[wid.x] = vec2<f16>(f16(bitcast<f32>(atomicLoad(&lo))), f16(bitcast<f32>(atomicLoad(&hi))));
    }
}
