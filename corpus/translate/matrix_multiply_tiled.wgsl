// C = A * B for row-major f32 matrices (M x K times K x N), 16x16 tiles
// staged through workgroup memory. The tile loop bound comes from a uniform
// buffer, so the barriers inside it are in uniform control flow.

struct Dims {
    m: u32,
    n: u32,
    k: u32,
    pad0: u32,
}

const TILE: u32 = 16u;

@group(0) @binding(0) var<uniform> dims: Dims;
@group(0) @binding(1) var<storage, read> a: array<f32>;
@group(0) @binding(2) var<storage, read> b: array<f32>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;

var<workgroup> tile_a: array<array<f32, 16>, 16>;
var<workgroup> tile_b: array<array<f32, 16>, 16>;

@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let row = gid.y;
    let col = gid.x;
    let tiles = (dims.k + TILE - 1u) / TILE;
    var acc = 0.0;

    for (var t = 0u; t < tiles; t++) {
        let a_col = (t * TILE) + lid.x;
        let b_row = (t * TILE) + lid.y;
        var av = 0.0;
        var bv = 0.0;
        if (row < dims.m && a_col < dims.k) {
            av = a[(row * dims.k) + a_col];
        }
        if (b_row < dims.k && col < dims.n) {
            bv = b[(b_row * dims.n) + col];
        }
        tile_a[lid.y][lid.x] = av;
        tile_b[lid.y][lid.x] = bv;
        workgroupBarrier();

        for (var kk = 0u; kk < TILE; kk++) {
            acc += tile_a[lid.y][kk] * tile_b[kk][lid.x];
        }
        workgroupBarrier();
    }

    if (row < dims.m && col < dims.n) {
        c[(row * dims.n) + col] = acc;
    }
}
