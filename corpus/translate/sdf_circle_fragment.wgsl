// Fragment-only shader: anti-aliased signed-distance circle and ring using
// @builtin(position), fwidth derivatives and smoothstep.

struct Circle {
    center: vec2<f32>,
    radius: f32,
    thickness: f32,
    fill: vec4<f32>,
    stroke: vec4<f32>,
}

@group(0) @binding(0) var<uniform> circle: Circle;

fn sd_circle(p: vec2<f32>, r: f32) -> f32 {
    return length(p) - r;
}

fn coverage(d: f32) -> f32 {
    let w = max(fwidth(d), 1e-4);
    return 1.0 - smoothstep(-w, w, d);
}

@fragment
fn fs_main(@builtin(position) frag_coord: vec4<f32>) -> @location(0) vec4<f32> {
    let d = sd_circle(frag_coord.xy - circle.center, circle.radius);
    let fill_cov = coverage(d);
    let ring_cov = coverage(abs(d) - (circle.thickness * 0.5));
    let fill = circle.fill * fill_cov;
    return mix(fill, circle.stroke, ring_cov * circle.stroke.a);
}
