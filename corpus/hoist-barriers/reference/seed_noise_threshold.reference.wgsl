// Hand-written: the barrier while all invocations are live, then the
// data-dependent branch.
struct Params {
    threshold: f32,
}

var<workgroup> tile: array<f32, 64>;

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> noise: array<f32>;
@group(0) @binding(2) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) gi: u32) {
    tile[gi] = f32(gid.x);
    let n = noise[gid.x];
    workgroupBarrier();
    if n > params.threshold {
        tile[gi] *= 2.0;
    }
    workgroupBarrier();
    out[gid.x] = tile[63u - gi];
}
