// The extent of a point cloud along one axis, with float atomicMin and
// atomicMax, and nothing beside it: no harness, no reference file. The
// input cannot run as it is (naga rejects float atomics), so
// `shaderxform validate` takes the float-atomics pass's compare-exchange
// lowering of it as the reference, and says so.

struct Extent {
    lo: atomic<f32>,
    hi: atomic<f32>,
}

@group(0) @binding(0) var<storage, read> xs: array<f32>;
@group(0) @binding(1) var<storage, read_write> extent: Extent;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&xs)) {
        return;
    }
    atomicMin(&extent.lo, xs[i]);
    atomicMax(&extent.hi, xs[i]);
}
