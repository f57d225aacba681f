// A sampled texture at per-invocation coordinates.
@group(0) @binding(0) var img: texture_2d<f32>;

@compute @workgroup_size(8, 8)
fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
  let v = textureLoad(img, lid.xy, 0);
  if (v.x > 0.5) {
    workgroupBarrier();
  }
}
