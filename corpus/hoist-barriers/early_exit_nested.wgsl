// A branch that may return before its barrier, and two guards in a row.
// The value that decides comes from workgroup memory through a local
// variable.
var<workgroup> flags: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    flags[lid] = lid & 3u;
    workgroupBarrier();
    var flag = 0u;
    flag = flags[(lid + 5u) % 64u];
    // Every read of the first values is done before any is overwritten.
    workgroupBarrier();
    if lid == 63u {
        return;
    }
    if flag != 0u {
        if flag == 2u {
            return;
        }
        flags[lid] = flag + 10u;
        workgroupBarrier();
        out[wid.x * 64u + lid] = flags[lid + 1u];
    }
}
