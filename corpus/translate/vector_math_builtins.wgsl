// Per-triangle geometry with vector builtins: cross, normalize, dot, length,
// distance, clamp, mix, smoothstep, reflect, min/max.
// Triangles are three vec4<f32> (xyz used) per entry.

struct Triangle {
    a: vec4<f32>,
    b: vec4<f32>,
    c: vec4<f32>,
}

struct TriangleInfo {
    normal: vec3<f32>,
    area: f32,
    reflected: vec3<f32>,
    shade: f32,
}

@group(0) @binding(0) var<storage, read> triangles: array<Triangle>;
@group(0) @binding(1) var<storage, read_write> infos: array<TriangleInfo>;
@group(0) @binding(2) var<uniform> light_dir: vec4<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&triangles)) {
        return;
    }
    let t = triangles[i];
    let e1 = t.b.xyz - t.a.xyz;
    let e2 = t.c.xyz - t.a.xyz;
    let n = cross(e1, e2);
    let len = length(n);
    let unit_normal = select(vec3<f32>(0.0, 0.0, 1.0), normalize(n), len > 1e-12);
    let l = normalize(light_dir.xyz);
    let lambert = clamp(dot(unit_normal, l), 0.0, 1.0);
    let perimeter = distance(t.a.xyz, t.b.xyz) + distance(t.b.xyz, t.c.xyz) + distance(t.c.xyz, t.a.xyz);
    let edge_fade = smoothstep(0.0, 10.0, perimeter);

    var info: TriangleInfo;
    info.normal = unit_normal;
    info.area = 0.5 * len;
    info.reflected = reflect(-l, unit_normal);
    info.shade = mix(0.1, max(lambert, 0.1), edge_fade);
    infos[i] = info;
}
