// The callee's barrier depends on what its pointer parameter points to;
// the caller's local is non-uniform.
fn sync_if_zero(p: ptr<function, u32>) {
  if (*p == 0u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = lid;
  sync_if_zero(&v);
}
