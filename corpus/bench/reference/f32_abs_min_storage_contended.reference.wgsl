// Reference for ../f32_abs_min_storage_contended.wgsl: the minimum by a
// compare-exchange loop on the f32 bits of one storage atomic.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> result: atomic<u32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&values)) {
        return;
    }
    let v = abs(values[i]);
    loop {
        let old = atomicLoad(&result);
        let next = min(bitcast<f32>(old), v);
        if (bitcast<u32>(next) == old) {
            break;
        }
        if (atomicCompareExchangeWeak(&result, old, bitcast<u32>(next)).exchanged) {
            break;
        }
    }
}
