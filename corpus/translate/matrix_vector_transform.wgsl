// Transforms positions by a uniform mat4x4<f32> model matrix and normals by
// its upper-left 3x3 (built with a mat3x3 constructor), then projects with
// a second matrix.

struct Transforms {
    model: mat4x4<f32>,
    view_proj: mat4x4<f32>,
}

struct Vertex {
    position: vec4<f32>,
    normal: vec4<f32>,
}

@group(0) @binding(0) var<uniform> xf: Transforms;
@group(0) @binding(1) var<storage, read> vertices_in: array<Vertex>;
@group(0) @binding(2) var<storage, read_write> vertices_out: array<Vertex>;

fn upper3x3(m: mat4x4<f32>) -> mat3x3<f32> {
    return mat3x3<f32>(m[0].xyz, m[1].xyz, m[2].xyz);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= min(arrayLength(&vertices_in), arrayLength(&vertices_out))) {
        return;
    }
    let v = vertices_in[i];
    let world = xf.model * vec4<f32>(v.position.xyz, 1.0);
    let clip = xf.view_proj * world;
    let n = normalize(upper3x3(xf.model) * v.normal.xyz);
    let w = select(clip.w, 1.0, abs(clip.w) < 1e-6);
    vertices_out[i] = Vertex(vec4<f32>(clip.xyz / w, 1.0), vec4<f32>(n, 0.0));
}
