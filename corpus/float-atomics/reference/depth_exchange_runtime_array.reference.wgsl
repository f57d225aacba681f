// Reference for ../depth_exchange_runtime_array.wgsl: the nearest depth
// per pixel by a compare-exchange loop on the f32 bits (the value before
// the update is what atomicMin returns), then the same exchange.

struct Fragment {
    pixel: u32,
    depth: f32,
}

@group(0) @binding(0) var<storage, read> fragments: array<Fragment>;
@group(0) @binding(1) var<storage, read_write> depth: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read_write> previous: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&fragments)) {
        return;
    }
    let f = fragments[i];
    let pixel = f.pixel % arrayLength(&depth);
    var old: u32;
    loop {
        old = atomicLoad(&depth[pixel]);
        let next = min(bitcast<f32>(old), f.depth);
        if (bitcast<u32>(next) == old) {
            break;
        }
        if (atomicCompareExchangeWeak(&depth[pixel], old, bitcast<u32>(next)).exchanged) {
            break;
        }
    }
    if (i == 0u) {
        previous[0] = bitcast<f32>(atomicExchange(&depth[0], old));
    }
}
