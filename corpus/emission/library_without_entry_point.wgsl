// A library of helpers with no entry point, meant to be linked or pasted
// into other shaders.
fn luminance(color: vec3<f32>) -> f32 {
    return dot(color, vec3<f32>(0.2126, 0.7152, 0.0722));
}

fn tonemap_reinhard(color: vec3<f32>) -> vec3<f32> {
    let l = luminance(color);
    return color / (1.0 + l);
}
