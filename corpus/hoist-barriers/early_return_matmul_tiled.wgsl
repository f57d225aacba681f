// Tiled matrix multiply, C (m x n) = A (m x k) * B (k x n), 16 x 16 tiles
// in workgroup memory, k a multiple of 16. Invocations whose element lies
// outside C return before the tile loop, whose barriers the rest of the
// workgroup then waits at: undefined behaviour (a hang on some GPUs)
// whenever m or n is not a multiple of 16. What they would have loaded
// only invocations outside C read (a tile row belongs to one row of C, a
// tile column to one column), so once every invocation reaches the
// barriers, C is right.
const TILE: u32 = 16u;

struct Params {
    m: u32,
    n: u32,
    k: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> a: array<f32>;
@group(0) @binding(2) var<storage, read> b: array<f32>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;

var<workgroup> tile_a: array<array<f32, 16>, 16>;
var<workgroup> tile_b: array<array<f32, 16>, 16>;

@compute @workgroup_size(16, 16)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_id) lid: vec3<u32>,
) {
    let row = gid.y;
    let col = gid.x;
    if row >= params.m || col >= params.n {
        return;
    }
    var sum = 0.0;
    for (var t = 0u; t < params.k / TILE; t++) {
        tile_a[lid.y][lid.x] = a[row * params.k + t * TILE + lid.x];
        tile_b[lid.y][lid.x] = b[(t * TILE + lid.y) * params.n + col];
        workgroupBarrier();
        for (var i = 0u; i < TILE; i++) {
            sum += tile_a[lid.y][i] * tile_b[i][lid.x];
        }
        workgroupBarrier();
    }
    c[row * params.n + col] = sum;
}
