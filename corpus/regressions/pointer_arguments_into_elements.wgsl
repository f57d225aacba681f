// Pointers to elements and members of arrays of structs passed to
// functions, from private and function memory, directly, through a `let`,
// with a dynamic index, and passed on by a function into its own pointee.
// SPIR-V cannot pass such a pointer; each goes through a temporary.
struct S { v: vec2f, w: f32 }

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

var<private> P: array<S, 4>;

fn bump(p: ptr<private, S>) {
    (*p).w += 1.0;
    (*p).v *= 2.0;
}

fn bump_local(p: ptr<function, S>, k: f32) {
    (*p).w += k;
}

fn add_one(p: ptr<function, f32>) {
    *p += 1.0;
}

fn add_one_y(p: ptr<function, vec2f>) {
    (*p).y += 1.0;
}

fn add_one_private(p: ptr<private, f32>) {
    *p += 1.0;
}

fn forward_private(p: ptr<private, S>) {
    add_one_private(&(*p).w);
}

fn forward_local(p: ptr<function, array<S, 4>>, i: u32) {
    bump_local(&(*p)[i], 10.0);
    add_one_y(&(*p)[i].v);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x % 4u;
    P[i] = S(vec2f(f32(id.x), 1.0), 0.5);
    bump(&P[2]);
    forward_private(&P[i]);
    var L = array<S, 4>(P[0], P[1], P[2], P[3]);
    let q = &L[(i + 1u) % 4u];
    bump_local(q, 3.0);
    forward_local(&L, i);
    add_one(&L[3].w);
    var total = 0.0;
    for (var k = 0u; k < 4u; k++) {
        total += P[k].w + 10.0 * P[k].v.x + 100.0 * L[k].w + 1000.0 * L[k].v.y;
    }
    out[id.x] = total;
}
