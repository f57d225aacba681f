// Reference for ../f32_min_workgroup_memory.wgsl: the minimum of each
// workgroup by a compare-exchange loop on the f32 bits of a workgroup
// atomic.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> result: array<f32>;

var<workgroup> best: atomic<u32>;

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(global_invocation_id) gid: vec3<u32>) {
    if (lid == 0u) {
        // The largest finite f32.
        atomicStore(&best, 0x7f7fffffu);
    }
    workgroupBarrier();
    let n = arrayLength(&values);
    if (gid.x < n) {
        let v = values[gid.x];
        loop {
            let old = atomicLoad(&best);
            let next = min(bitcast<f32>(old), v);
            if (bitcast<u32>(next) == old) {
                break;
            }
            if (atomicCompareExchangeWeak(&best, old, bitcast<u32>(next)).exchanged) {
                break;
            }
        }
    }
    workgroupBarrier();
    if (lid == 0u) {
        result[wid.x] = bitcast<f32>(atomicLoad(&best));
    }
}
