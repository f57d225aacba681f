// lane-transpose benchmark: every invocation reads one 8-float record
// and writes one float, coalesced already.
struct Record {
    w0: f32,
    w1: f32,
    w2: f32,
    w3: f32,
    w4: f32,
    w5: f32,
    w6: f32,
    w7: f32,
}

@group(0) @binding(0) var<storage, read> src: array<Record>;
@group(0) @binding(1) var<storage, read_write> dst: array<f32>;

@compute @workgroup_size(512)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let r = src[i];
    dst[i] = r.w0 + r.w1 + r.w2 + r.w3 + r.w4 + r.w5 + r.w6 + r.w7;
}
