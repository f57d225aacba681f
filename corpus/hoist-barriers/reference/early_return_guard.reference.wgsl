// Hand-written: every invocation reaches the barrier; those past the end
// do nothing around it.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let i = gid.x;
    let live = i < arrayLength(&data);
    if live {
        tile[lid] = data[i];
    }
    workgroupBarrier();
    if live {
        data[i] = tile[63u - lid] + tile[lid];
    }
}
