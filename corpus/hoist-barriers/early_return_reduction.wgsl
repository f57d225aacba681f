// The divergent-barrier rule's own example: an early-exit guard before a
// tree reduction in workgroup memory. The invocations past the end return
// and never reach the barriers. The reduction loop's trip count depends on
// constants alone, so hoist-barriers runs it as written in every
// invocation and guards only its body, as a hand fix does.
var<workgroup> tile: array<f32, 256>;

@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> sums: array<f32>;

@compute @workgroup_size(256)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
) {
    if gid.x >= arrayLength(&input) {
        return;
    }
    tile[lid] = input[gid.x];
    workgroupBarrier();
    for (var s = 128u; s > 0u; s >>= 1u) {
        if lid < s {
            tile[lid] += tile[lid + s];
        }
        workgroupBarrier();
    }
    if lid == 0u {
        sums[wid.x] = tile[0];
    }
}
