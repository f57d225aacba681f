// A counted loop whose counter is read after it. Run on to the workgroup's
// largest count, the counter would no longer say how many iterations this
// invocation ran; hoist-barriers sees the read and makes the loop vote
// instead, so each invocation's counter stops at its own count.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read> counts: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let n = counts[gid.x] % 8u;
    var total = 0u;
    var k = 0u;
    for (; k < n; k++) {
        tile[lid] = total + k;
        workgroupBarrier();
        total += tile[(lid + 1u) % 64u];
        workgroupBarrier();
    }
    out[gid.x] = total * 8u + k;
}
