// A 3D grid of 4-word voxels, 64 x 8 x 4, linearised row by row two ways:
// read at `gid.x + W * (gid.y + H * gid.z)`, written at
// `gid.z * W * H + gid.y * W + gid.x`. Workgroups of 32 x 2 x 2: rows of
// 32, a multiple of the subgroup size.
const W: u32 = 64u;
const H: u32 = 8u;

struct Voxel {
    density: f32,
    temperature: f32,
    velocity: vec2f,
}

@group(0) @binding(0) var<storage, read> src: array<Voxel>;
@group(0) @binding(1) var<storage, read_write> dst: array<Voxel>;
@group(0) @binding(2) var<uniform> cooling: f32;

@compute @workgroup_size(32, 2, 2)
fn main(@builtin(global_invocation_id) gid: vec3u) {
    let v = src[gid.x + W * (gid.y + H * gid.z)];
    let t = v.temperature * (1.0 - cooling);
    dst[gid.z * W * H + gid.y * W + gid.x] = Voxel(v.density, t, v.velocity * 0.99);
}
