// A skinning-like vertex write: two vec3 members and a vec2 make a record
// of 12 words, four of which are padding (after each vec3, and at the end
// to keep the record's alignment of 16 bytes). The coalesced store writes
// zero into them; the original leaves them as they were.
struct Vertex {
    position: vec3f,
    normal: vec3f,
    uv: vec2f,
}

@group(0) @binding(0) var<storage, read> rest: array<f32>;
@group(0) @binding(1) var<storage, read_write> vertices: array<Vertex>;
@group(0) @binding(2) var<uniform> bone: mat4x4f;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&vertices)) {
        return;
    }
    let s = rest[i];
    let position = (bone * vec4f(s, s * 0.5, -s, 1.0)).xyz;
    let normal = normalize((bone * vec4f(0.0, 1.0, s, 0.0)).xyz);
    vertices[i] = Vertex(position, normal, vec2f(fract(s), s * 0.25));
}
