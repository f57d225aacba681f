// Hand-written: the longest count of the workgroup through workgroup
// memory, a loop that long for everyone, and each invocation's own
// iterations guarded by its own count. (`longest` starts at zero, as
// WebGPU zeroes workgroup memory.)
var<workgroup> tile: array<u32, 64>;
var<workgroup> longest: atomic<u32>;

@group(0) @binding(0) var<storage, read> counts: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let n = counts[gid.x] % 8u;
    atomicMax(&longest, n);
    let trips = workgroupUniformLoad(&longest);
    var total = gid.x;
    for (var k = 0u; k < trips; k++) {
        let mine = k < n;
        if mine {
            tile[lid] = total + k;
        }
        workgroupBarrier();
        if mine {
            total += tile[(lid + 1u) % 64u];
        }
        workgroupBarrier();
    }
    out[gid.x] = total;
}
