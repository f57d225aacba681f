// textureDimensions is uniform.
@group(0) @binding(0) var img: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let size = textureDimensions(img);
  if (size.x > 16u) {
    workgroupBarrier();
  }
  data[gid.x] = textureLoad(img, gid.xy, 0).x;
}
