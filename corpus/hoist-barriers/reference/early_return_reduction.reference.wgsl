// Hand-written: every invocation runs the reduction's loop and reaches its
// barriers; those past the end take no part in the sums. Their slots of
// `tile` hold zero, so the partial sums of the last workgroup are those of
// its live elements.
var<workgroup> tile: array<f32, 256>;

@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> sums: array<f32>;

@compute @workgroup_size(256)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
) {
    let live = gid.x < arrayLength(&input);
    if live {
        tile[lid] = input[gid.x];
    }
    workgroupBarrier();
    for (var s = 128u; s > 0u; s >>= 1u) {
        if live && lid < s {
            tile[lid] += tile[lid + s];
        }
        workgroupBarrier();
    }
    if live && lid == 0u {
        sums[wid.x] = tile[0];
    }
}
