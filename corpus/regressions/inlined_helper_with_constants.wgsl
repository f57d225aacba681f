// A helper that reaches a barrier, called where only some invocations go,
// whose body holds values naga evaluates as constants (`vec4(0.0)`, a
// `const`, a nested helper's): hoist-barriers inlines it, constants and
// all, so that the barrier can be hoisted.
@group(0) @binding(0) var<storage, read_write> data: array<vec4f>;

var<workgroup> tile: array<vec4f, 64>;

fn scaled(x: f32) -> vec4f {
    var s = vec4(1.0, 2.0, 3.0, 4.0);
    return s * x;
}

// `g` indexes the buffer, `i` the workgroup's tile: each workgroup keeps to
// its own records, so that workgroups never race.
fn exchange(g: u32, i: u32) {
    const bias = vec4(0.5);
    var r = vec4(0.0);
    r.x = f32(i);
    r += scaled(data[g].y) + bias;
    tile[i] = r;
    workgroupBarrier();
    data[g] = tile[(i + 1u) % 64u];
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) wid: vec3u) {
    let g = wid.x * 64u + i;
    if (data[g].x >= 0.0) {
        exchange(g, i);
    }
    data[g].w += 1.0;
}
