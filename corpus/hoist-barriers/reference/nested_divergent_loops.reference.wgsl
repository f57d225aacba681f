// Hand-written: the workgroup's longest outer and inner counts, each found
// once through workgroup memory, loops that long for everyone, and each
// invocation's own iterations guarded by its own counts. (The counters
// start at zero, as WebGPU zeroes workgroup memory.)
var<workgroup> tile: array<u32, 64>;
var<workgroup> longest_outer: atomic<u32>;
var<workgroup> longest_inner: atomic<u32>;

@group(0) @binding(0) var<storage, read> counts: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let c = counts[gid.x];
    let outer = c % 3u;
    let inner = (c >> 4u) % 5u;
    atomicMax(&longest_outer, outer);
    atomicMax(&longest_inner, inner);
    let outer_trips = workgroupUniformLoad(&longest_outer);
    let inner_trips = workgroupUniformLoad(&longest_inner);
    var total = gid.x;
    for (var i = 0u; i < outer_trips; i++) {
        for (var j = 0u; j < inner_trips; j++) {
            let mine = i < outer && j < inner;
            if mine {
                tile[lid] = total + i * 8u + j;
            }
            workgroupBarrier();
            if mine {
                total += tile[(lid + 1u) % 64u];
            }
            workgroupBarrier();
        }
    }
    out[gid.x] = total;
}
