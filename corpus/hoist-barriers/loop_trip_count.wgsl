// A loop whose trip count differs between invocations, with barriers
// inside: each invocation passes its running total to its neighbour as
// many times as its own count says. hoist-barriers makes every invocation
// of the workgroup iterate until the last one is done, each running only
// its own iterations.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read> counts: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let n = counts[gid.x] % 8u;
    var total = gid.x;
    for (var k = 0u; k < n; k++) {
        tile[lid] = total + k;
        workgroupBarrier();
        total += tile[(lid + 1u) % 64u];
        workgroupBarrier();
    }
    out[gid.x] = total;
}
