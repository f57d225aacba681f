// Integer varyings need @interpolate(flat); also a perspective-centroid
// varying and front_facing in the fragment stage. Writes an object id and a
// colour to two render targets. (No @interpolate(linear): naga's default
// GLSL target, ES 3.10, has no noperspective qualifier.)

struct VsOut {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(flat) object_id: u32,
    @location(1) @interpolate(perspective, centroid) shade: f32,
    @location(2) @interpolate(perspective) screen_uv: vec2<f32>,
}

struct FsOut {
    @location(0) color: vec4<f32>,
    @location(1) id: u32,
}

@group(0) @binding(0) var<uniform> view_proj: mat4x4<f32>;

@vertex
fn vs_main(@location(0) position: vec4<f32>, @location(1) object_id: u32) -> VsOut {
    var o: VsOut;
    o.position = view_proj * position;
    o.object_id = object_id;
    o.shade = clamp(position.y * 0.5, 0.0, 1.0);
    o.screen_uv = ((o.position.xy / o.position.w) * 0.5) + vec2<f32>(0.5);
    return o;
}

@fragment
fn fs_main(f: VsOut, @builtin(front_facing) front: bool) -> FsOut {
    var o: FsOut;
    let base = select(vec3<f32>(1.0, 0.0, 1.0), vec3<f32>(f.shade), front);
    o.color = vec4<f32>(base * vec3<f32>(f.screen_uv, 1.0), 1.0);
    o.id = f.object_id;
    return o;
}
