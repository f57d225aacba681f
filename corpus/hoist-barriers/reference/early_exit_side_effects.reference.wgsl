// Hand-written: an live flag for the first return, the barrier outside
// every branch.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let v = data[gid.x];
    var live = true;
    if v % 5u == 0u {
        if v % 2u == 0u {
            live = false;
        } else {
            data[gid.x] = v + 1u;
        }
    }
    if live {
        tile[lid] = data[gid.x];
    }
    workgroupBarrier();
    if live {
        let w = tile[63u - lid];
        if w % 3u != 0u {
            data[gid.x] = w;
        }
    }
}
