// Wrong on purpose: writes the storage texture at the transposed pixel,
// where corpus/render/storage_written.wgsl writes at the pixel itself;
// the colour target is the same.

@group(0) @binding(0) var marks: texture_storage_2d<rgba32float, write>;

@fragment
fn fs_main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let pixel = vec2<i32>(position.xy);
    textureStore(marks, pixel.yx, vec4<f32>(f32(pixel.x), f32(pixel.y), f32(pixel.x ^ pixel.y), 1.0));
    return vec4<f32>(position.xy / 64.0, 0.0, 1.0);
}
