// Some invocations return from inside a loop before the barrier after it:
// the return is not a guard in front of the barrier, and this stays an
// error.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    for (var k = 0u; k < 4u; k++) {
        if data[k] == lid {
            return;
        }
    }
    tile[lid] = lid;
    workgroupBarrier();
    data[lid] = tile[63u - lid];
}
