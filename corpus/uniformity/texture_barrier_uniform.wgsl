// textureBarrier in uniform control flow.
@group(0) @binding(0) var img: texture_storage_2d<r32uint, read_write>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let v = textureLoad(img, gid.xy);
  textureBarrier();
  textureStore(img, gid.xy, v + vec4<u32>(1u));
}
