// The callee stores a constant under a condition on its other argument,
// which is non-uniform at the call.
fn set_if(p: ptr<function, u32>, c: bool) {
  if (c) {
    *p = 1u;
  }
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = 0u;
  set_if(&v, lid == 0u);
  if (v == 0u) {
    workgroupBarrier();
  }
}
