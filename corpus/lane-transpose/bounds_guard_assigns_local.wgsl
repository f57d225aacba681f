// A bounds guard around a record store that also assigns a local, which
// is read after the guard: lifted, the assignment stays under the guard,
// so invocations past the end still store their 7u.
struct Rec { a: u32, b: u32, c: u32 }

@group(0) @binding(0) var<storage> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<Rec>;
@group(0) @binding(2) var<storage, read_write> seen: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    var v = 7u;
    if (gid.x < arrayLength(&out)) {
        v = src[gid.x];
        out[gid.x] = Rec(v, v + 1u, v + 2u);
    }
    seen[gid.x] = v;
}
