// The same helper called inside a branch on the invocation index.
fn sync() {
  workgroupBarrier();
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid < 32u) {
    sync();
  }
}
