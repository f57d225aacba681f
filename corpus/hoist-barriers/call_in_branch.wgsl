// A helper that waits at a barrier, called from a branch that only some
// invocations take. hoist-barriers inlines the helper at the call and
// splits the branch around its barrier.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn rotate(lid: u32, value: u32) -> u32 {
    tile[lid] = value;
    workgroupBarrier();
    return tile[(lid + 1u) % 64u];
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    var value = data[gid.x];
    if value % 3u != 0u {
        value = rotate(lid, value) * 2u;
    }
    data[gid.x] = value;
}
