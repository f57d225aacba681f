// Scatter-add of the Gaussian-splatting kind: each splat adds its
// weighted Gaussian footprint (3 x 3 pixels around its centre) into a
// per-pixel accumulation buffer. Splats crowd into the middle of a 32 x 32
// image, so many add to the same pixels at once. WGSL has no float
// atomics; float-atomics lowers the adds, reduced over the subgroup where
// the lanes' pixels agree (checked at run time), and validation compares
// the image with one native float atomicAdd per contribution.

struct Splat {
    center: vec2<f32>,
    radius: f32,
    weight: f32,
}

const WIDTH: u32 = 32u;

@group(0) @binding(0) var<storage, read> splats: array<Splat>;
@group(0) @binding(1) var<storage, read_write> image: array<atomic<f32>, 1024>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x >= arrayLength(&splats)) {
        return;
    }
    let s = splats[gid.x];
    // Centres in [12, 20): every footprint lies inside the image, and
    // neighbouring splats often cover the same pixels.
    let center = vec2<f32>(12.0) + 8.0 * clamp(s.center, vec2<f32>(0.0), vec2<f32>(0.999));
    let sigma = 0.5 + clamp(s.radius, 0.0, 1.0);
    let base = vec2<i32>(floor(center));
    for (var dy = -1; dy <= 1; dy++) {
        for (var dx = -1; dx <= 1; dx++) {
            let pixel = base + vec2<i32>(dx, dy);
            let offset = vec2<f32>(pixel) + vec2<f32>(0.5) - center;
            let falloff = exp(-dot(offset, offset) / (2.0 * sigma * sigma));
            atomicAdd(&image[u32(pixel.y) * WIDTH + u32(pixel.x)], s.weight * falloff);
        }
    }
}
