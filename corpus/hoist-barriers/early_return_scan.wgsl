// An inclusive Hillis-Steele scan of each workgroup's elements after an
// early-exit guard: the invocations past the end return and never reach
// the barriers. The scan loop's trip count depends on constants alone.
var<workgroup> tile: array<u32, 256>;

@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

@compute @workgroup_size(256)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
) {
    if gid.x >= arrayLength(&input) {
        return;
    }
    tile[lid] = input[gid.x];
    workgroupBarrier();
    for (var offset = 1u; offset < 256u; offset <<= 1u) {
        var before = 0u;
        if lid >= offset {
            before = tile[lid - offset];
        }
        workgroupBarrier();
        tile[lid] += before;
        workgroupBarrier();
    }
    output[gid.x] = tile[lid];
}
