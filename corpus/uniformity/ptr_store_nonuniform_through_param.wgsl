// The near miss: the stored argument is the invocation index.
fn store_into(p: ptr<function, u32>, x: u32) {
  *p = x;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = 0u;
  store_into(&v, lid);
  if (v > 2u) {
    workgroupBarrier();
  }
}
