// One Jacobi step of 2D heat diffusion. Each 8x8 workgroup loads a 10x10
// tile (with a one-cell halo) into workgroup memory with a strided loop of
// constant trip count, synchronises once, then applies a 5-point stencil.

struct Grid {
    width: u32,
    height: u32,
    alpha: f32,
    pad0: f32,
}

@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read> temp_in: array<f32>;
@group(0) @binding(2) var<storage, read_write> temp_out: array<f32>;

var<workgroup> tile: array<f32, 100>;

fn load_cell(x: i32, y: i32) -> f32 {
    let cx = u32(clamp(x, 0, i32(grid.width) - 1));
    let cy = u32(clamp(y, 0, i32(grid.height) - 1));
    return temp_in[(cy * grid.width) + cx];
}

@compute @workgroup_size(8, 8)
fn main(@builtin(workgroup_id) wid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32,
        @builtin(local_invocation_id) local_id: vec3<u32>) {
    let origin = (vec2<i32>(wid.xy) * 8) - vec2<i32>(1, 1);
    for (var s = lid; s < 100u; s = s + 64u) {
        tile[s] = load_cell(origin.x + i32(s % 10u), origin.y + i32(s / 10u));
    }
    workgroupBarrier();

    let x = (wid.x * 8u) + local_id.x;
    let y = (wid.y * 8u) + local_id.y;
    let t = ((local_id.y + 1u) * 10u) + (local_id.x + 1u);
    let lap = tile[t - 1u] + tile[t + 1u] + tile[t - 10u] + tile[t + 10u] - (4.0 * tile[t]);
    if (x < grid.width && y < grid.height) {
        temp_out[(y * grid.width) + x] = tile[t] + (grid.alpha * lap);
    }
}
