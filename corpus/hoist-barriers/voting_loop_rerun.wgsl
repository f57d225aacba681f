// A data-dependent loop with barriers, run three times by an outer loop:
// each run of the voting loop starts with the workgroup word as the run
// before left it.
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read> seeds: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let seed = seeds[gid.x];
    var total = 0u;
    for (var r = 0u; r < 3u; r++) {
        var x = (seed * (r + 1u)) >> ((seed + r) % 32u);
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
    }
    out[gid.x] = total;
}
