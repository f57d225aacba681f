// A loop whose trip count differs between invocations, and whose
// continuing block reads a value computed in the loop body: the body
// cannot be guarded without moving that value out of the continuing
// block's reach, and this stays an error.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    var total = 0u;
    var k = 0u;
    loop {
        let next = tile[(lid + k) % 64u];
        if next > lid {
            break;
        }
        workgroupBarrier();
        continuing {
            total += next;
            k += 1u;
        }
    }
    out[lid] = total;
}
