// One compute shader reading every kind of sampled texture validate
// fills: a 2D array (layer per row parity) and a cube (a direction from
// the texel) through a filtering sampler, a 3D volume through a second
// sampler with other modes, and a 1D ramp and an integer texture with
// textureLoad. The results go to a storage texture of floats and a
// storage buffer of integers.

@group(0) @binding(0) var layers: texture_2d_array<f32>;
@group(0) @binding(1) var sky: texture_cube<f32>;
@group(0) @binding(2) var volume: texture_3d<f32>;
@group(0) @binding(3) var ramp: texture_1d<f32>;
@group(0) @binding(4) var ids: texture_2d<u32>;
@group(0) @binding(5) var linear_clamp: sampler;
@group(0) @binding(6) var nearest_repeat: sampler;
@group(1) @binding(0) var result: texture_storage_2d<rgba32float, write>;
@group(1) @binding(1) var<storage, read_write> id_sums: array<u32>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let size = textureDimensions(result);
    if (gid.x >= size.x || gid.y >= size.y) {
        return;
    }
    let uv = (vec2<f32>(gid.xy) + vec2<f32>(0.3, 0.6)) / vec2<f32>(size);
    // Four layers, as validate makes them (wgpu 30's SPIR-V reader cannot
    // read the query of an array's layers that naga writes).
    let layer = i32(gid.y % 4u);
    let a = textureSampleLevel(layers, linear_clamp, uv, layer, 0.5);

    let angle = uv * vec2<f32>(6.2831853, 3.1415927);
    let dir = vec3<f32>(cos(angle.x) * sin(angle.y), cos(angle.y), sin(angle.x) * sin(angle.y));
    let b = textureSampleLevel(sky, linear_clamp, dir, 0.0);

    let depth = f32(gid.x ^ gid.y) / 16.0;
    let c = textureSampleLevel(volume, nearest_repeat, vec3<f32>(uv * 1.5, depth), 1.0);

    let d = textureLoad(ramp, i32(gid.x % textureDimensions(ramp)), 0);
    textureStore(result, gid.xy, a * 0.25 + b * 0.5 + c - d.wzyx);

    let id_size = textureDimensions(ids, 0);
    let id = textureLoad(ids, gid.xy % id_size, 0);
    id_sums[gid.y * size.x + gid.x] = (id.x ^ (id.y >> 3u)) + id.z * 3u + id.w;
}
