// `v` is non-uniform before the call; the callee overwrites it with a
// constant on every path.
fn reset(p: ptr<function, u32>) {
  *p = 0u;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = lid;
  reset(&v);
  if (v == 0u) {
    workgroupBarrier();
  }
}
