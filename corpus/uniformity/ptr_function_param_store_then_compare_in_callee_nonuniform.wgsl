// The callee stores its argument through the pointer and compares what
// it reads back: the caller passes the invocation index.
fn store_and_check(p: ptr<function, u32>, x: u32) {
  *p = x;
  if (*p == 0u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = 0u;
  store_and_check(&v, lid);
}
