// A helper whose barrier follows its unconditional return, called in
// divergent control flow.
fn helper() {
  return;
  workgroupBarrier();
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
    helper();
  }
}
