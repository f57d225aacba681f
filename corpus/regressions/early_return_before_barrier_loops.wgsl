// Invocations past a per-workgroup count return early, before two loops
// of barriers: hoist-barriers keeps them alive through a flag and runs
// each loop to the workgroup's trip count.
var<workgroup> t: array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<storage, read> limits: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let n = limits[wid.x] % 65u;
    let g = wid.x * 64u + lid.x;
    if (lid.x >= n) { return; }
    t[lid.x] = out[g] % 1000u;
    var acc = 0u;
    for (var i = 0u; i < 4u; i++) {
        workgroupBarrier();
        let next = t[(lid.x + 1u) % 64u];
        workgroupBarrier();
        t[lid.x] += next;
        acc += next;
    }
    for (var j = 0u; j < 2u; j++) {
        workgroupBarrier();
        acc += t[(lid.x + j) % 64u];
    }
    out[g] = acc + t[lid.x];
}
