// Reference for ../f32_abs_min_storage_per_workgroup.wgsl: the minimum of
// each workgroup by a compare-exchange loop on the f32 bits of its
// storage atomic.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> result: array<atomic<u32>>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(workgroup_id) wid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&values)) {
        return;
    }
    let v = abs(values[i]);
    loop {
        let old = atomicLoad(&result[wid.x]);
        let next = min(bitcast<f32>(old), v);
        if (bitcast<u32>(next) == old) {
            break;
        }
        if (atomicCompareExchangeWeak(&result[wid.x], old, bitcast<u32>(next)).exchanged) {
            break;
        }
    }
}
