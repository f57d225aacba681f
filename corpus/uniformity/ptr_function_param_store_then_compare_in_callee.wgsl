// The same shape through a pointer to a function-local variable: the
// value read back is the one just stored, uniform here.
fn store_and_check(p: ptr<function, u32>, x: u32) {
  *p = x;
  if (*p == 0u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  var v = 0u;
  store_and_check(&v, wid.x);
}
