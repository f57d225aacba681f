// A fragment stage that also writes a storage texture at its own pixel
// (as order-independent transparency and visibility buffers do). Every
// fragment of a pixel writes the same value there, so the texture does
// not depend on the order fragments run in.

@group(0) @binding(0) var marks: texture_storage_2d<rgba32float, write>;

@fragment
fn fs_main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let pixel = vec2<i32>(position.xy);
    textureStore(marks, pixel, vec4<f32>(f32(pixel.x), f32(pixel.y), f32(pixel.x ^ pixel.y), 1.0));
    return vec4<f32>(position.xy / 64.0, 0.0, 1.0);
}
