// Hand-written: every invocation runs the tile loop, whose trip count is
// the same everywhere; those outside C load nothing and store nothing.
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
    let live = row < params.m && col < params.n;
    var sum = 0.0;
    for (var t = 0u; t < params.k / TILE; t++) {
        if live {
            tile_a[lid.y][lid.x] = a[row * params.k + t * TILE + lid.x];
            tile_b[lid.y][lid.x] = b[(t * TILE + lid.y) * params.n + col];
        }
        workgroupBarrier();
        for (var i = 0u; i < TILE; i++) {
            sum += tile_a[lid.y][i] * tile_b[i][lid.x];
        }
        workgroupBarrier();
    }
    if live {
        c[row * params.n + col] = sum;
    }
}
