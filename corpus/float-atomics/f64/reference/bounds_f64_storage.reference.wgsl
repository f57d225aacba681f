// Reference for ../bounds_f64_storage.wgsl: the same bounds without float
// atomic min/max. Each atomic holds the bits of an f64 and is updated by a
// compare-exchange loop, so memory holds float bits where the rewritten
// shader holds ordered words (the harness says so).

struct Bounds {
    lo: atomic<u64>,
    hi: atomic<u64>,
}

@group(0) @binding(0) var<storage, read> values: array<f64>;
@group(0) @binding(1) var<storage, read_write> bounds: Bounds;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&values)) {
        return;
    }
    let v = values[i];
    loop {
        let old = atomicLoad(&bounds.lo);
        let next = min(bitcast<f64>(old), v);
        if (bitcast<u64>(next) == old) {
            break;
        }
        if (atomicCompareExchangeWeak(&bounds.lo, old, bitcast<u64>(next)).exchanged) {
            break;
        }
    }
    loop {
        let old = atomicLoad(&bounds.hi);
        let next = max(bitcast<f64>(old), v);
        if (bitcast<u64>(next) == old) {
            break;
        }
        if (atomicCompareExchangeWeak(&bounds.hi, old, bitcast<u64>(next)).exchanged) {
            break;
        }
    }
}
