// Hand-written: the barriers outside both conditions.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    tile[lid] = lid;
    let selected = lid < 48u && lid % 3u == 0u;
    if selected {
        tile[lid] = lid * 2u;
    }
    storageBarrier();
    workgroupBarrier();
    if selected {
        out[wid.x * 64u + lid] = tile[(lid + 3u) % 64u] + lid * 2u;
    }
}
