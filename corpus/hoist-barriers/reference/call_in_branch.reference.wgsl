// Hand-written: the helper's two halves around a barrier every
// invocation reaches, each half guarded by the branch's condition.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    var value = data[gid.x];
    let taken = value % 3u != 0u;
    if taken {
        tile[lid] = value;
    }
    workgroupBarrier();
    if taken {
        value = tile[(lid + 1u) % 64u] * 2u;
    }
    data[gid.x] = value;
}
