// A helper holding textureBarrier, called under a condition on a storage
// texture value.
@group(0) @binding(0) var img: texture_storage_2d<r32uint, read_write>;

fn sync_texture() {
  textureBarrier();
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  if (textureLoad(img, gid.xy).x != 0u) {
    sync_texture();
  }
}
