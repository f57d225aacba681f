// Writes a gradient into a bgra8unorm storage texture (a swapchain-like
// format that SPIR-V has no name for).
@group(0) @binding(0) var target_image: texture_storage_2d<bgra8unorm, write>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let size = textureDimensions(target_image);
    if (any(gid.xy >= size)) {
        return;
    }
    let uv = vec2<f32>(gid.xy) / vec2<f32>(size);
    textureStore(target_image, gid.xy, vec4<f32>(uv, 0.5, 1.0));
}
