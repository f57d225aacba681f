// lane-transpose benchmark: every invocation reads one 6-float record
// and writes it back changed.
struct Record {
    w0: f32,
    w1: f32,
    w2: f32,
    w3: f32,
    w4: f32,
    w5: f32,
}

@group(0) @binding(0) var<storage, read> src: array<Record>;
@group(0) @binding(1) var<storage, read_write> dst: array<Record>;

@compute @workgroup_size(512)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let r = src[i];
    dst[i] = Record(r.w0 + 0.0, r.w1 + 1.0, r.w2 + 2.0, r.w3 + 3.0, r.w4 + 4.0, r.w5 + 5.0);
}
