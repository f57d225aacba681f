// Blinn-Phong lighting. The light block packs each vec3<f32> with an f32 so
// that the layout is identical in std140, HLSL cbuffers and MSL.

struct Light {
    position: vec3<f32>,
    intensity: f32,
    color: vec3<f32>,
    shininess: f32,
    camera_position: vec3<f32>,
    ambient: f32,
}

struct Globals {
    view_proj: mat4x4<f32>,
}

@group(0) @binding(0) var<uniform> globals: Globals;
@group(0) @binding(1) var<uniform> light: Light;

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) world_pos: vec3<f32>,
    @location(1) normal: vec3<f32>,
}

@vertex
fn vs_main(@location(0) position: vec3<f32>, @location(1) normal: vec3<f32>) -> VsOut {
    var o: VsOut;
    o.clip = globals.view_proj * vec4<f32>(position, 1.0);
    o.world_pos = position;
    o.normal = normal;
    return o;
}

@fragment
fn fs_main(f: VsOut) -> @location(0) vec4<f32> {
    let n = normalize(f.normal);
    let l = normalize(light.position - f.world_pos);
    let v = normalize(light.camera_position - f.world_pos);
    let h = normalize(l + v);
    let diffuse = max(dot(n, l), 0.0);
    let specular = pow(max(dot(n, h), 0.0), light.shininess);
    let lit = (light.color * light.intensity) * (diffuse + specular);
    return vec4<f32>(lit + vec3<f32>(light.ambient), 1.0);
}
