// An image convolution: a halo loaded by some invocations, then the barrier
// for all.
@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var dst: texture_storage_2d<rgba8unorm, write>;
var<workgroup> tile: array<array<vec4<f32>, 10>, 10>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let size = vec2<i32>(textureDimensions(src));
  let p = vec2<i32>(gid.xy);
  tile[lid.y + 1u][lid.x + 1u] = textureLoad(src, clamp(p, vec2<i32>(0), size - 1), 0);
  if (lid.x == 0u) {
    tile[lid.y + 1u][0] = textureLoad(src, clamp(p - vec2<i32>(1, 0), vec2<i32>(0), size - 1), 0);
  }
  workgroupBarrier();
  let sum = tile[lid.y + 1u][lid.x] + tile[lid.y + 1u][lid.x + 1u] + tile[lid.y + 1u][lid.x + 2u];
  if (all(p < size)) {
    textureStore(dst, p, sum / 3.0);
  }
}
