// One module with both stages and more than one of each output kind: a
// perspective varying, a flat integer, a linear one; the fragment stage
// writes two colour targets and reads whether the triangle faces front.

struct Camera {
    view: mat4x4<f32>,
    light: vec3<f32>,
}

@group(0) @binding(0) var<uniform> camera: Camera;

struct Varying {
    @builtin(position) position: vec4<f32>,
    @location(0) normal: vec3<f32>,
    @location(1) @interpolate(flat) material: i32,
    @location(2) @interpolate(linear) height: f32,
}

@vertex
fn vs(@location(0) position: vec3<f32>, @location(1) normal: vec3<f32>, @location(2) material: i32) -> Varying {
    var out: Varying;
    let moved = camera.view * vec4<f32>(position, 1.0);
    out.position = vec4<f32>(position.xy, moved.z * 0.5 + 0.25, 1.0);
    out.normal = normalize(normal + vec3<f32>(0.0, 0.0, 0.5));
    out.material = material * 3 - 1;
    out.height = moved.y;
    return out;
}

struct Targets {
    @location(0) colour: vec4<f32>,
    @location(1) id: vec2<i32>,
}

@fragment
fn fs(in: Varying, @builtin(front_facing) front: bool) -> Targets {
    var out: Targets;
    let lit = max(dot(in.normal, normalize(camera.light)), 0.0);
    let side = select(0.25, 1.0, front);
    out.colour = vec4<f32>(vec3<f32>(lit * side), in.height);
    out.id = vec2<i32>(in.material, i32(front));
    return out;
}
