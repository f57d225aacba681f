// 3x3 box blur: textureLoad from a sampled texture_2d<f32>, textureStore to
// a write-only rgba8unorm storage texture, edges clamped.

@group(0) @binding(0) var src_image: texture_2d<f32>;
@group(0) @binding(1) var dst_image: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let dims = textureDimensions(src_image);
    if (gid.x >= dims.x || gid.y >= dims.y) {
        return;
    }
    let center = vec2<i32>(gid.xy);
    let max_coord = vec2<i32>(dims) - vec2<i32>(1, 1);
    var sum = vec4<f32>(0.0);
    for (var dy = -1; dy <= 1; dy++) {
        for (var dx = -1; dx <= 1; dx++) {
            let p = clamp(center + vec2<i32>(dx, dy), vec2<i32>(0, 0), max_coord);
            sum += textureLoad(src_image, p, 0);
        }
    }
    textureStore(dst_image, center, sum / 9.0);
}
