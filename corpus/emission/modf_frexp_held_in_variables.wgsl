// Splits floats into integer and fractional parts and into mantissa and
// exponent, keeping the whole results in variables and passing them to a
// helper, as a sampler of a procedural texture might.
@group(0) @binding(0) var<storage, read_write> data: array<vec4<f32>>;

fn recombine(parts: ptr<function, vec3<f32>>, m: f32, e: i32) -> f32 {
    return (*parts).x + (*parts).y + ldexp(m, e);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&data)) {
        return;
    }
    var split = modf(data[i].x * 3.5);
    var split2 = modf(data[i].yz);
    var mantissa_exponent = frexp(data[i].w);
    var parts = vec3<f32>(split.fract, split.whole, split2.fract.y);
    data[i] = vec4<f32>(
        recombine(&parts, mantissa_exponent.fract, mantissa_exponent.exp),
        split2.whole,
        split.fract,
    );
}
