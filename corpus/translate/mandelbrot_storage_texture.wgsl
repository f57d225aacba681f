// Mandelbrot set written to an rgba8unorm storage texture. The view comes
// from a uniform; the iteration loop has a data-dependent break.

struct View {
    center: vec2<f32>,
    scale: f32,
    max_iter: u32,
}

@group(0) @binding(0) var<uniform> view: View;
@group(0) @binding(1) var target_image: texture_storage_2d<rgba8unorm, write>;

fn palette(t: f32) -> vec3<f32> {
    let phase = vec3<f32>(0.0, 0.33, 0.67);
    return vec3<f32>(0.5) + (vec3<f32>(0.5) * cos(6.2831853 * (vec3<f32>(t) + phase)));
}

@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let size = textureDimensions(target_image);
    if (any(gid.xy >= size)) {
        return;
    }
    let uv = (vec2<f32>(gid.xy) - (vec2<f32>(size) * 0.5)) / f32(size.y);
    let c = view.center + (uv * view.scale);
    var z = vec2<f32>(0.0, 0.0);
    var iter = 0u;
    for (; iter < view.max_iter; iter = iter + 1u) {
        if (dot(z, z) > 4.0) {
            break;
        }
        z = vec2<f32>((z.x * z.x) - (z.y * z.y), (2.0 * z.x * z.y)) + c;
    }
    var color = vec3<f32>(0.0);
    if (iter < view.max_iter) {
        color = palette(f32(iter) / f32(max(view.max_iter, 1u)));
    }
    textureStore(target_image, vec2<i32>(gid.xy), vec4<f32>(color, 1.0));
}
