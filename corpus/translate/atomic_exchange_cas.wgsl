// Floating-point accumulation through a bounded atomicCompareExchangeWeak
// loop on the f32 bit pattern, plus a "last writer" slot via atomicExchange.

struct Accum {
    sum_bits: atomic<u32>,
    last_index: atomic<u32>,
    retries: atomic<u32>,
}

@group(0) @binding(0) var<storage, read> weights: array<f32>;
@group(0) @binding(1) var<storage, read_write> accum: Accum;
@group(0) @binding(2) var<storage, read_write> previous: array<u32>;

fn atomic_add_f32(value: f32) -> bool {
    var expected = atomicLoad(&accum.sum_bits);
    for (var attempt = 0u; attempt < 64u; attempt = attempt + 1u) {
        let desired = bitcast<u32>(bitcast<f32>(expected) + value);
        let r = atomicCompareExchangeWeak(&accum.sum_bits, expected, desired);
        if (r.exchanged) {
            return true;
        }
        expected = r.old_value;
        atomicAdd(&accum.retries, 1u);
    }
    return false;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&weights)) {
        return;
    }
    let added = atomic_add_f32(weights[i]);
    let prev = atomicExchange(&accum.last_index, i);
    previous[i] = select(0xffffffffu, prev, added);
}
