// The same product with an out-of-bounds early return before the tiles.
// Both barriers of the loop are divergent; Tint names one of them.
struct Dims {
  m: u32,
  n: u32,
  k: u32,
}
@group(0) @binding(0) var<uniform> dims: Dims;
@group(0) @binding(1) var<storage, read> a: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
var<workgroup> tile_a: array<array<f32, 8>, 8>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  if (gid.y >= dims.m || gid.x >= dims.n) {
    return;
  }
  var acc = 0.0;
  for (var t = 0u; t < dims.k; t += 8u) {
    tile_a[lid.y][lid.x] = a[gid.y * dims.k + t + lid.x];
    workgroupBarrier();
    acc += tile_a[lid.y][0];
    workgroupBarrier();
  }
  c[gid.y * dims.n + gid.x] = acc;
}
