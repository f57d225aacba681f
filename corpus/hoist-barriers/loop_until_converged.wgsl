// A loop that each invocation leaves when its own value has shrunk below a
// threshold, with barriers inside: the trip count depends on the data and
// no counter bounds it, so hoist-barriers makes the workgroup vote at the
// start of every iteration and leave together once nobody is still
// iterating.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read> seeds: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let seed = seeds[gid.x];
    var x = seed >> (seed % 32u);
    var total = 0u;
    loop {
        if x < 16u {
            break;
        }
        tile[lid] = x;
        workgroupBarrier();
        total += tile[(lid + 1u) % 64u] & 255u;
        workgroupBarrier();
        x = x >> 3u;
    }
    out[gid.x] = total;
}
