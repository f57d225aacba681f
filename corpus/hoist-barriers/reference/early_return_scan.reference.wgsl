// Hand-written: every invocation runs the scan's loop and reaches its
// barriers; those past the end load nothing and add nothing. A live
// invocation reads only slots below its own, which live invocations
// wrote.
var<workgroup> tile: array<u32, 256>;

@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

@compute @workgroup_size(256)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
) {
    let live = gid.x < arrayLength(&input);
    if live {
        tile[lid] = input[gid.x];
    }
    workgroupBarrier();
    for (var offset = 1u; offset < 256u; offset <<= 1u) {
        var before = 0u;
        if live && lid >= offset {
            before = tile[lid - offset];
        }
        workgroupBarrier();
        if live {
            tile[lid] += before;
        }
        workgroupBarrier();
    }
    if live {
        output[gid.x] = tile[lid];
    }
}
