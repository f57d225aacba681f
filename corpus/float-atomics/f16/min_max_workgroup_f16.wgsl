// Per-workgroup minimum and maximum of f16 values: atomicMin/atomicMax on
// atomic<f16> in workgroup memory. No back end has 16-bit atomics, so the
// atomics are widened to 32-bit words holding the ordered encoding of the
// value as f32 (exact for every f16).

enable f16;

var<workgroup> lo: atomic<f16>;
var<workgroup> hi: atomic<f16>;

@group(0) @binding(0) var<storage, read> values: array<f16>;
@group(0) @binding(1) var<storage, read_write> bounds: array<vec2<f16>>;

@compute @workgroup_size(64)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
) {
    if (lid == 0u) {
        atomicStore(&lo, f16(65504.0));
        atomicStore(&hi, f16(-65504.0));
    }
    workgroupBarrier();
    let v = values[min(gid.x, arrayLength(&values) - 1u)];
    atomicMin(&lo, v);
    atomicMax(&hi, v);
    workgroupBarrier();
    if (lid == 0u) {
        bounds[wid.x] = vec2<f16>(atomicLoad(&lo), atomicLoad(&hi));
    }
}
