// One invocation reads a per-workgroup chunk count from a storage buffer;
// workgroupUniformLoad broadcasts it so that it can bound a loop that
// contains a workgroupBarrier (the loop is then in uniform control flow).

var<workgroup> chunk_count: u32;

@group(0) @binding(0) var<storage, read> header: array<u32>;
@group(0) @binding(1) var<storage, read_write> values: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
    if (lid == 0u) {
        var count = 0u;
        if (wid.x < arrayLength(&header)) {
            count = header[wid.x];
        }
        chunk_count = min(count, 16u);
    }
    let chunks = workgroupUniformLoad(&chunk_count);

    for (var c = 0u; c < chunks; c = c + 1u) {
        let idx = (((wid.x * 16u) + c) * 64u) + lid;
        if (idx < arrayLength(&values)) {
            values[idx] = values[idx] + c;
        }
        workgroupBarrier();
    }
}
