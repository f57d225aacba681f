// Two nested loops whose trip counts both differ between invocations. The
// inner loop's counter is reset inside the outer loop's body, which only
// the invocations still iterating run: moved out of that body, the inner
// loop would start from counters that differ, and this stays an error.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    for (var i = 0u; i < lid % 3u; i++) {
        for (var j = 0u; j < lid % 5u; j++) {
            tile[lid] = i + j;
            workgroupBarrier();
            out[lid] += tile[(lid + 1u) % 64u];
            workgroupBarrier();
        }
    }
}
