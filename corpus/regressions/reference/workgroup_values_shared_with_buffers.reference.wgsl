// workgroup_values_shared_with_buffers.wgsl with workgroup memory of types
// that no buffer uses, converted member by member: its SPIR-V never moves
// a whole value between the two layouts.
struct Inner { m: mat2x2f, v: vec3f }
struct Rec { p: vec2f, inner: Inner, tags: array<u32, 3> }
struct InnerW { m: mat2x2f, v: vec3f }
struct RecW { p: vec2f, inner: InnerW, tags: array<u32, 3> }

@group(0) @binding(0) var<storage, read> src: array<Rec>;
@group(0) @binding(1) var<storage, read_write> dst: array<Rec>;
@group(0) @binding(2) var<storage, read_write> words: array<u32, 16>;

var<workgroup> tile: array<RecW, 16>;
var<workgroup> moved: array<RecW, 16>;
var<workgroup> one: InnerW;
var<workgroup> counts: array<u32, 16>;

fn to_w(r: Rec) -> RecW {
    return RecW(r.p, InnerW(r.inner.m, r.inner.v), r.tags);
}

fn from_w(r: RecW) -> Rec {
    return Rec(r.p, Inner(r.inner.m, r.inner.v), r.tags);
}

fn mirrored(r: Rec) -> Rec {
    var out = r;
    out.p = r.p.yx;
    out.tags[0] += 1u;
    return out;
}

@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) wid: vec3u) {
    // Each workgroup its own records, so that workgroups never race.
    let g = wid.x * 16u + i;
    tile[i] = to_w(mirrored(src[g]));
    counts[i] = i * 3u;
    if (i == 0u) {
        one = InnerW(src[wid.x * 16u + 5u].inner.m, src[wid.x * 16u + 5u].inner.v);
    }
    workgroupBarrier();
    let r = from_w(tile[15u - i]);
    var copy = from_w(tile[i]);
    copy.tags[1] = counts[(i + 1u) % 16u];
    moved[i] = tile[(i + 7u) % 16u];
    workgroupBarrier();
    dst[g] = mirrored(r);
    dst[g].inner.v.x = one.m[0].x + one.m[1].y + one.v.z;
    dst[g].tags[2] = copy.tags[1];
    dst[g].p += moved[i].p;
    if (g == 0u) {
        for (var k = 0u; k < 16u; k++) {
            words[k] = counts[k];
        }
    }
}
