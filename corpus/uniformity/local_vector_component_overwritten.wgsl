// A vector local from the invocation id, one component overwritten.
@compute @workgroup_size(8, 8)
fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
  var v = lid.xy;
  v.x = 0u;
  if (v.x == 0u) {
    workgroupBarrier();
  }
}
