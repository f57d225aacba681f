// The first bad example of the barrier-in-divergent-cf rule: only the
// first 32 invocations of 64 reach the barrier. hoist-barriers splits the
// `if` so that all 64 reach it and only the first 32 write. (The rule's
// example writes one shared value from 32 invocations; each writes its own
// slot here, so that the result is deterministic.)
var<workgroup> sums: array<f32, 64>;

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    sums[lid.x] = -1.0;
    workgroupBarrier();
    if lid.x < 32u {
        workgroupBarrier();
        sums[lid.x] = f32(lid.x);
    }
    workgroupBarrier();
    out[wid.x * 64u + lid.x] = sums[63u - lid.x];
}
