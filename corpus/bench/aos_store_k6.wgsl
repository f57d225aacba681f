// lane-transpose benchmark: every invocation reads one float, coalesced
// already, and writes one 6-float record.
struct Record {
    w0: f32,
    w1: f32,
    w2: f32,
    w3: f32,
    w4: f32,
    w5: f32,
}

@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> dst: array<Record>;

@compute @workgroup_size(512)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let s = src[i];
    dst[i] = Record(s + 0.0, s + 1.0, s + 2.0, s + 3.0, s + 4.0, s + 5.0);
}
