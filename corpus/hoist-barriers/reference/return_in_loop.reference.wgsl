// Hand-written: a flag instead of the return, the barrier outside every
// branch, and what followed the return guarded by the flag.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read> keys: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let key = keys[gid.x] % 16u;
    var found = false;
    for (var k = 0u; k < 4u; k++) {
        if keys[k] % 16u == key {
            out[gid.x] = k;
            found = true;
            break;
        }
    }
    if !found {
        tile[lid] = key;
    }
    workgroupBarrier();
    if !found {
        out[gid.x] = tile[63u - lid] + 100u;
    }
}
