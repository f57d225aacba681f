// Hand-written: a workgroup flag that says whether anybody is still
// iterating, read by all through workgroupUniformLoad at the start of each
// iteration and cleared by one invocation once everybody has read it (the
// barriers of the body then order the clear before the next iteration's
// writes); each invocation runs only its own iterations.
var<workgroup> tile: array<u32, 64>;
var<workgroup> running: atomic<u32>;

@group(0) @binding(0) var<storage, read> seeds: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let seed = seeds[gid.x];
    var x = seed >> (seed % 32u);
    var total = 0u;
    loop {
        let mine = x >= 16u;
        if mine {
            atomicStore(&running, 1u);
        }
        if workgroupUniformLoad(&running) == 0u {
            break;
        }
        if lid == 0u {
            atomicStore(&running, 0u);
        }
        if mine {
            tile[lid] = x;
        }
        workgroupBarrier();
        if mine {
            total += tile[(lid + 1u) % 64u] & 255u;
        }
        workgroupBarrier();
        if mine {
            x = x >> 3u;
        }
    }
    out[gid.x] = total;
}
