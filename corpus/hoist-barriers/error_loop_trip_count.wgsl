// A loop whose trip count differs between invocations, with a barrier
// inside: stays an error.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    var total = 0u;
    for (var k = 0u; k < lid % 4u; k++) {
        tile[lid] = k;
        workgroupBarrier();
        total += tile[(lid + 1u) % 64u];
    }
    out[lid] = total;
}
