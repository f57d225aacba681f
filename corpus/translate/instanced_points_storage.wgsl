// Instanced sprites: the vertex stage reads per-instance data from a
// read-only storage buffer with instance_index and expands a quad from
// vertex_index; the fragment stage makes round points.

struct Instance {
    center: vec2<f32>,
    radius: f32,
    hue: f32,
}

@group(0) @binding(0) var<storage, read> instances: array<Instance>;
@group(0) @binding(1) var<uniform> aspect: vec4<f32>;

struct VsOut {
    @builtin(position) position: vec4<f32>,
    @location(0) local: vec2<f32>,
    @location(1) color: vec3<f32>,
}

fn hue_to_rgb(h: f32) -> vec3<f32> {
    let k = vec3<f32>(0.0, 2.0 / 3.0, 1.0 / 3.0);
    return clamp(abs((fract(vec3<f32>(h) + k) * 6.0) - vec3<f32>(3.0)) - vec3<f32>(1.0), vec3<f32>(0.0), vec3<f32>(1.0));
}

@vertex
fn vs_main(@builtin(vertex_index) vi: u32, @builtin(instance_index) ii: u32) -> VsOut {
    let inst = instances[ii];
    let corner = (vec2<f32>(f32(vi & 1u), f32((vi >> 1u) & 1u)) * 2.0) - vec2<f32>(1.0);
    var o: VsOut;
    o.position = vec4<f32>(inst.center + ((corner * inst.radius) * vec2<f32>(aspect.x, 1.0)), 0.0, 1.0);
    o.local = corner;
    o.color = hue_to_rgb(inst.hue);
    return o;
}

@fragment
fn fs_main(f: VsOut) -> @location(0) vec4<f32> {
    let r2 = dot(f.local, f.local);
    if (r2 > 1.0) {
        discard;
    }
    return vec4<f32>(f.color * (1.0 - (0.5 * r2)), 1.0);
}
