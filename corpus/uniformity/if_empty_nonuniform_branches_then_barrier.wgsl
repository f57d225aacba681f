// A non-uniform if whose branches do nothing observable; the barrier after
// it is uniform.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
  } else {
  }
  workgroupBarrier();
}
