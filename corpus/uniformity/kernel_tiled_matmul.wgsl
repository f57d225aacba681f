// A tiled matrix product: bounds-checked loads, and barriers around each
// tile in a loop over a uniform tile count. Two barriers, both uniform.
struct Dims {
  m: u32,
  n: u32,
  k: u32,
}
@group(0) @binding(0) var<uniform> dims: Dims;
@group(0) @binding(1) var<storage, read> a: array<f32>;
@group(0) @binding(2) var<storage, read> b: array<f32>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;
var<workgroup> tile_a: array<array<f32, 8>, 8>;
var<workgroup> tile_b: array<array<f32, 8>, 8>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let row = gid.y;
  let col = gid.x;
  var acc = 0.0;
  let tiles = (dims.k + 7u) / 8u;
  for (var t = 0u; t < tiles; t++) {
    let ka = t * 8u + lid.x;
    let kb = t * 8u + lid.y;
    tile_a[lid.y][lid.x] = select(0.0, a[row * dims.k + ka], row < dims.m && ka < dims.k);
    tile_b[lid.y][lid.x] = select(0.0, b[kb * dims.n + col], kb < dims.k && col < dims.n);
    workgroupBarrier();
    for (var i = 0u; i < 8u; i++) {
      acc += tile_a[lid.y][i] * tile_b[i][lid.x];
    }
    workgroupBarrier();
  }
  if (row < dims.m && col < dims.n) {
    c[row * dims.n + col] = acc;
  }
}
