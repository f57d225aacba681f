// An invocation that finds its key returns from inside the search loop;
// the others go on to a barrier after it. hoist-barriers keeps the
// returning invocations alive through the barrier, with every side effect
// after the return guarded by a per-invocation active flag.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read> keys: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let key = keys[gid.x] % 16u;
    for (var k = 0u; k < 4u; k++) {
        if keys[k] % 16u == key {
            out[gid.x] = k;
            return;
        }
    }
    tile[lid] = key;
    workgroupBarrier();
    out[gid.x] = tile[63u - lid] + 100u;
}
