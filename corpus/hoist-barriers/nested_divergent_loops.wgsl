// Two nested loops whose trip counts both differ between invocations, with
// barriers in the inner one. hoist-barriers runs the outer loop to the
// workgroup's largest count, moves the inner loop out of the outer body's
// guard with its counter's reset, and runs it, in every outer iteration,
// to the largest count of the invocations still in the outer loop.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read> counts: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let c = counts[gid.x];
    var total = gid.x;
    for (var i = 0u; i < c % 3u; i++) {
        for (var j = 0u; j < (c >> 4u) % 5u; j++) {
            tile[lid] = total + i * 8u + j;
            workgroupBarrier();
            total += tile[(lid + 1u) % 64u];
            workgroupBarrier();
        }
    }
    out[gid.x] = total;
}
