// A loop with barriers inside a branch that only some invocations take.
// hoist-barriers moves the loop out of the branch and runs it for every
// invocation, those that did not take the branch inactive throughout.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    var acc = data[gid.x];
    if acc % 2u == 1u {
        let step = acc % 7u + 1u;
        for (var k = 0u; k < 3u; k++) {
            tile[lid] = acc;
            workgroupBarrier();
            acc = acc + tile[(lid + k * step) % 64u];
            workgroupBarrier();
        }
    }
    data[gid.x] = acc;
}
