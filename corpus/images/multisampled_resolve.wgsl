// A custom resolve in compute: every sample of a multisampled colour
// texture and of a multisampled depth texture is read with textureLoad;
// the colour is averaged over the samples in front of the median depth
// and written to a storage texture.

@group(0) @binding(0) var color: texture_multisampled_2d<f32>;
@group(0) @binding(1) var depth: texture_depth_multisampled_2d;
@group(0) @binding(2) var resolved: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let size = textureDimensions(resolved);
    if (gid.x >= size.x || gid.y >= size.y) {
        return;
    }
    let p = vec2<i32>(gid.xy);
    let n = i32(textureNumSamples(color));
    var near = 0.0;
    for (var s = 0; s < n; s++) {
        near += textureLoad(depth, p, s);
    }
    near /= f32(n);
    var sum = vec4<f32>(0.0);
    var count = 0.0;
    for (var s = 0; s < n; s++) {
        if (textureLoad(depth, p, s) <= near) {
            sum += textureLoad(color, p, s);
            count += 1.0;
        }
    }
    textureStore(resolved, p, sum / max(count, 1.0));
}
