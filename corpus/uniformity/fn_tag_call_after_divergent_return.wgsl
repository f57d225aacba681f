// The barrier helper is called after a non-uniform early return.
fn sync() {
  workgroupBarrier();
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid >= 48u) {
    return;
  }
  sync();
}
