// A barrier two `if`s deep: the inner `if` is split first, then the outer.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    tile[lid] = lid;
    if lid < 48u {
        let base = lid * 2u;
        if lid % 3u == 0u {
            tile[lid] = base;
            storageBarrier();
            workgroupBarrier();
            out[wid.x * 64u + lid] = tile[(lid + 3u) % 64u] + base;
        }
    }
}
