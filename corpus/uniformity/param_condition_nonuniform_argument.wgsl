// A helper's barrier depends on its parameter; the argument is
// non-uniform.
fn sync_if(c: bool) {
  if (c) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  sync_if(lid == 0u);
}
