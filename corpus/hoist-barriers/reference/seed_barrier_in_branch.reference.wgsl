// Hand-written: the barrier before the branch, reached by all.
var<workgroup> sums: array<f32, 64>;

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    sums[lid.x] = -1.0;
    workgroupBarrier();
    workgroupBarrier();
    if lid.x < 32u {
        sums[lid.x] = f32(lid.x);
    }
    workgroupBarrier();
    out[wid.x * 64u + lid.x] = sums[63u - lid.x];
}
