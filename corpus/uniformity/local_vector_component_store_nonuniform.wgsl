// Storing a non-uniform value into one component of a vector local makes
// the whole local non-uniform, including the component read.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = vec2<u32>(1u, 2u);
  v.y = lid;
  if (v.x == 1u) {
    workgroupBarrier();
  }
}
