// A separable-style image blur in the manner of the WebGPU samples' blur:
// each workgroup of 8x8 invocations fetches a 12x12 tile (its 8x8 texels
// and a border of 2) through a filtering sampler with textureSampleLevel,
// a quarter texel off centre so that the filter weights matter, keeps it
// in workgroup memory, and writes a 5x5 weighted average of the tile with
// textureStore. Every invocation reaches the barrier; only the stores are
// guarded.

const TILE: u32 = 12u;
const BORDER: i32 = 2;

@group(0) @binding(0) var source: texture_2d<f32>;
@group(0) @binding(1) var smooth_sampler: sampler;
@group(0) @binding(2) var blurred: texture_storage_2d<rgba8unorm, write>;

var<workgroup> tile: array<array<vec4<f32>, 12>, 12>;

@compute @workgroup_size(8, 8)
fn main(
    @builtin(workgroup_id) wid: vec3<u32>,
    @builtin(local_invocation_id) lid: vec3<u32>,
) {
    let size = vec2<f32>(textureDimensions(source, 0));
    let origin = vec2<i32>(wid.xy * 8u) - vec2<i32>(BORDER);
    // 144 tile texels over 64 invocations: three rounds, the last partial.
    let flat = lid.y * 8u + lid.x;
    for (var round = 0u; round < 3u; round++) {
        let k = flat + round * 64u;
        if (k < TILE * TILE) {
            let t = vec2<u32>(k % TILE, k / TILE);
            let texel = vec2<f32>(origin + vec2<i32>(t));
            let uv = (texel + vec2<f32>(0.75, 0.25)) / size;
            tile[t.y][t.x] = textureSampleLevel(source, smooth_sampler, uv, 0.0);
        }
    }
    workgroupBarrier();

    let weights = array<f32, 5>(1.0, 4.0, 6.0, 4.0, 1.0);
    var sum = vec4<f32>(0.0);
    for (var dy = 0u; dy < 5u; dy++) {
        for (var dx = 0u; dx < 5u; dx++) {
            sum += tile[lid.y + dy][lid.x + dx] * (weights[dx] * weights[dy]);
        }
    }
    let out = vec2<u32>(wid.xy * 8u + lid.xy);
    if (all(out < textureDimensions(blurred))) {
        textureStore(blurred, out, sum / 256.0);
    }
}
