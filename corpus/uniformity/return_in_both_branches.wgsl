// Both branches return, so nothing follows; the barrier is in one branch
// before its return.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
    workgroupBarrier();
    return;
  } else {
    return;
  }
}
