// Inclusive prefix sum (Hillis-Steele) of 128-element blocks of u32, in
// workgroup memory. Each step reads, barriers, writes, barriers.

const BLOCK: u32 = 128u;

@group(0) @binding(0) var<storage, read_write> data: array<u32>;

var<workgroup> temp: array<u32, BLOCK>;

@compute @workgroup_size(BLOCK)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
    let gi = (wid.x * BLOCK) + lid;
    let n = arrayLength(&data);
    var v = 0u;
    if (gi < n) {
        v = data[gi];
    }
    temp[lid] = v;
    workgroupBarrier();

    for (var offset = 1u; offset < BLOCK; offset = offset * 2u) {
        var addend = 0u;
        if (lid >= offset) {
            addend = temp[lid - offset];
        }
        workgroupBarrier();
        temp[lid] = temp[lid] + addend;
        workgroupBarrier();
    }

    if (gi < n) {
        data[gi] = temp[lid];
    }
}
