// Records that live both in storage buffers and in workgroup memory, moved
// whole between them, through locals and through function parameters and
// results, as a compute pipeline of a 2D vector renderer does with its
// segments: SPIR-V gives workgroup memory a type without explicit layout,
// so every whole value that crosses must be converted.
struct Inner { m: mat2x2f, v: vec3f }
struct Rec { p: vec2f, inner: Inner, tags: array<u32, 3> }

@group(0) @binding(0) var<storage, read> src: array<Rec>;
@group(0) @binding(1) var<storage, read_write> dst: array<Rec>;
@group(0) @binding(2) var<storage, read_write> words: array<u32, 16>;

var<workgroup> tile: array<Rec, 16>;
var<workgroup> moved: array<Rec, 16>;
var<workgroup> one: Inner;
var<workgroup> counts: array<u32, 16>;

fn mirrored(r: Rec) -> Rec {
    var out = r;
    out.p = r.p.yx;
    out.tags[0] += 1u;
    return out;
}

fn inner_sum(i: Inner) -> f32 {
    return i.m[0].x + i.m[1].y + i.v.z;
}

@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) wid: vec3u) {
    // Each workgroup its own records, so that workgroups never race.
    let g = wid.x * 16u + i;
    tile[i] = mirrored(src[g]);
    counts[i] = i * 3u;
    if (i == 0u) {
        one = src[wid.x * 16u + 5u].inner;
    }
    workgroupBarrier();
    let r = tile[15u - i];
    var c = counts;
    var copy = tile[i];
    copy.tags[1] = c[(i + 1u) % 16u];
    moved[i] = tile[(i + 7u) % 16u];
    workgroupBarrier();
    dst[g] = mirrored(r);
    dst[g].inner.v.x = inner_sum(one);
    dst[g].tags[2] = copy.tags[1];
    dst[g].p += moved[i].p;
    if (g == 0u) {
        words = counts;
    }
}
