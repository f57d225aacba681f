// A per-pixel depth buffer in a runtime array of atomics: atomicMin keeps
// the nearest depth and atomicExchange resets a pixel, returning the old
// value; depths arrive with any sign after a projection.

struct Fragment {
    pixel: u32,
    depth: f32,
}

@group(0) @binding(0) var<storage, read> fragments: array<Fragment>;
@group(0) @binding(1) var<storage, read_write> depth: array<atomic<f32>>;
@group(0) @binding(2) var<storage, read_write> previous: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&fragments)) {
        return;
    }
    let f = fragments[i];
    let pixel = f.pixel % arrayLength(&depth);
    let old = atomicMin(&depth[pixel], f.depth);
    if (i == 0u) {
        previous[0] = atomicExchange(&depth[0], old);
    }
}
