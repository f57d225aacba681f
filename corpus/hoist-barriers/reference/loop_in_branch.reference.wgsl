// Hand-written: the loop outside the branch, its body guarded by the
// branch's condition.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    var acc = data[gid.x];
    let odd = acc % 2u == 1u;
    let step = acc % 7u + 1u;
    for (var k = 0u; k < 3u; k++) {
        if odd {
            tile[lid] = acc;
        }
        workgroupBarrier();
        if odd {
            acc = acc + tile[(lid + k * step) % 64u];
        }
        workgroupBarrier();
    }
    data[gid.x] = acc;
}
