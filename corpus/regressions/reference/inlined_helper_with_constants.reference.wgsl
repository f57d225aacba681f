// inlined_helper_with_constants.wgsl with the barrier hoisted by hand:
// every invocation reaches it, only those that called the helper store.
@group(0) @binding(0) var<storage, read_write> data: array<vec4f>;

var<workgroup> tile: array<vec4f, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) wid: vec3u) {
    let g = wid.x * 64u + i;
    let called = data[g].x >= 0.0;
    if (called) {
        var r = vec4(0.0);
        r.x = f32(i);
        r += vec4(1.0, 2.0, 3.0, 4.0) * data[g].y + vec4(0.5);
        tile[i] = r;
    }
    workgroupBarrier();
    if (called) {
        data[g] = tile[(i + 1u) % 64u];
    }
    data[g].w += 1.0;
}
