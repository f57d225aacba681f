// The near miss of local_reassigned_uniform_before_barrier: the last store
// before the condition is the non-uniform one.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  x = lid;
  if (x == 0u) {
    workgroupBarrier();
  }
}
