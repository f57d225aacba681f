// Classic mesh vertex shader: per-vertex attributes from vertex buffers
// (@location inputs), a uniform block with model/view/projection matrices,
// and a fragment shader that visualises the world-space normal.

struct Camera {
    model: mat4x4<f32>,
    view: mat4x4<f32>,
    projection: mat4x4<f32>,
}

struct VertexInput {
    @location(0) position: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) color: vec4<f32>,
}

struct VertexOutput {
    @builtin(position) clip: vec4<f32>,
    @location(0) world_normal: vec3<f32>,
    @location(1) color: vec4<f32>,
}

@group(0) @binding(0) var<uniform> camera: Camera;

@vertex
fn vs_main(v: VertexInput) -> VertexOutput {
    let world = camera.model * vec4<f32>(v.position, 1.0);
    var o: VertexOutput;
    o.clip = camera.projection * (camera.view * world);
    o.world_normal = (camera.model * vec4<f32>(v.normal, 0.0)).xyz;
    o.color = v.color;
    return o;
}

@fragment
fn fs_main(f: VertexOutput) -> @location(0) vec4<f32> {
    let n = normalize(f.world_normal);
    return vec4<f32>(((n * 0.5) + vec3<f32>(0.5)) * f.color.rgb, f.color.a);
}
