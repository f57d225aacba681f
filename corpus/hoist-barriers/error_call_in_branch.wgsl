// A helper that waits at a barrier, called from a branch that only some
// invocations take: stays an error, reported at the barrier with the call.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

fn exchange(lid: u32) -> u32 {
    workgroupBarrier();
    return tile[(lid + 1u) % 64u];
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    tile[lid] = lid;
    var value = 0u;
    if lid < 32u {
        value = exchange(lid);
    }
    out[lid] = value;
}
