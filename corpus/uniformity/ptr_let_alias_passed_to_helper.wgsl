// A let pointer to a local is handed to a helper that stores the
// invocation index through it.
fn store_into(p: ptr<function, u32>, x: u32) {
  *p = x;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = 0u;
  let p = &v;
  store_into(p, lid);
  if (v == 0u) {
    workgroupBarrier();
  }
}
