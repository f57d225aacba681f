// Hand-written: the workgroup's longest count through workgroup memory, a
// loop that long for everyone with its own counter, each invocation's own
// iterations guarded by its count, and its counter advanced only in them.
var<workgroup> tile: array<u32, 64>;
var<workgroup> longest: atomic<u32>;

@group(0) @binding(0) var<storage, read> counts: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let n = counts[gid.x] % 8u;
    atomicMax(&longest, n);
    let trips = workgroupUniformLoad(&longest);
    var total = 0u;
    var k = 0u;
    for (var t = 0u; t < trips; t++) {
        let mine = t < n;
        if mine {
            tile[lid] = total + t;
        }
        workgroupBarrier();
        if mine {
            total += tile[(lid + 1u) % 64u];
            k = t + 1u;
        }
        workgroupBarrier();
    }
    out[gid.x] = total * 8u + k;
}
