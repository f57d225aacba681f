// A dead barrier after a return in a divergent branch, and a live barrier
// after the branch: some invocations returned.
// The question is the live storageBarrier.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
    return;
    workgroupBarrier();
  }
  storageBarrier();
}
