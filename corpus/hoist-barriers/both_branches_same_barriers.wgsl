// Both branches hold one barrier each: the split keeps a single barrier
// between the two halves of each branch.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    if (lid & 1u) == 0u {
        tile[lid] = lid * 3u;
        workgroupBarrier();
        out[wid.x * 64u + lid] = tile[lid ^ 1u];
    } else {
        tile[lid] = lid + 100u;
        workgroupBarrier();
        out[wid.x * 64u + lid] = tile[lid ^ 1u] + 1u;
    }
}
