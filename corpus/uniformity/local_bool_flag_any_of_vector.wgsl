// A bool local from any() of a comparison with the invocation id.
@compute @workgroup_size(8, 8)
fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
  var edge = any(lid.xy == vec2<u32>(0u));
  if (edge) {
    workgroupBarrier();
  }
}
