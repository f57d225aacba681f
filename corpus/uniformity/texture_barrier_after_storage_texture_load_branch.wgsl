// textureBarrier under a branch on a read_write storage texture value.
@group(0) @binding(0) var img: texture_storage_2d<r32uint, read_write>;

@compute @workgroup_size(8, 8)
fn main() {
  let v = textureLoad(img, vec2<u32>(0u, 0u));
  if (v.x == 0u) {
    textureBarrier();
  }
}
