// A record store at the top level of the entry point, after an `if` that
// assigns a local from another buffer. The `if` guards no record access
// the pass rewrites: it stays as it is, and the value it assigned (or 7u
// where it was not entered) reaches the record.
struct Rec { a: u32, b: u32, c: u32 }

@group(0) @binding(0) var<storage> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<Rec>;

@compute @workgroup_size(64)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_id) lid: vec3<u32>,
    @builtin(workgroup_id) wg: vec3<u32>,
) {
    var v = 7u;
    if (lid.x < wg.x) {
        v = src[lid.x];
    }
    out[gid.x] = Rec(v, v + 1u, v + 2u);
}
