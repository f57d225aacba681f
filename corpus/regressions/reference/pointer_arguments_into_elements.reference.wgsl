// pointer_arguments_into_elements.wgsl with every call written out in
// place.
struct S { v: vec2f, w: f32 }

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

var<private> P: array<S, 4>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x % 4u;
    P[i] = S(vec2f(f32(id.x), 1.0), 0.5);
    P[2].w += 1.0;
    P[2].v *= 2.0;
    P[i].w += 1.0;
    var L = array<S, 4>(P[0], P[1], P[2], P[3]);
    L[(i + 1u) % 4u].w += 3.0;
    L[i].w += 10.0;
    L[i].v.y += 1.0;
    L[3].w += 1.0;
    var total = 0.0;
    for (var k = 0u; k < 4u; k++) {
        total += P[k].w + 10.0 * P[k].v.x + 100.0 * L[k].w + 1000.0 * L[k].v.y;
    }
    out[id.x] = total;
}
