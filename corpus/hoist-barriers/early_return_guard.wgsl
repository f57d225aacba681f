// The early-exit guard before a barrier: the invocations past the end
// return and never arrive. hoist-barriers keeps them alive to the barrier,
// with what followed the `return` guarded by the condition.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let i = gid.x;
    if i >= arrayLength(&data) {
        return;
    }
    tile[lid] = data[i];
    workgroupBarrier();
    data[i] = tile[63u - lid] + tile[lid];
}
