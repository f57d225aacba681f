// Hand-written: one barrier for both branches.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    let even = (lid & 1u) == 0u;
    tile[lid] = select(lid + 100u, lid * 3u, even);
    workgroupBarrier();
    out[wid.x * 64u + lid] = tile[lid ^ 1u] + select(1u, 0u, even);
}
