// Returns that are not guards in front of the barrier: one nested in a
// branch that goes on with a side effect after it, and one after the
// barrier. hoist-barriers turns every return into a per-invocation active
// flag and guards what each one skipped.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let v = data[gid.x];
    if v % 5u == 0u {
        if v % 2u == 0u {
            return;
        }
        data[gid.x] = v + 1u;
    }
    tile[lid] = data[gid.x];
    workgroupBarrier();
    let w = tile[63u - lid];
    if w % 3u == 0u {
        return;
    }
    data[gid.x] = w;
}
