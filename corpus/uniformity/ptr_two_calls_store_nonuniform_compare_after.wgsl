// The pointer goes through two calls; the inner one stores the value the
// outer one was given, the invocation index.
fn inner(p: ptr<function, u32>, x: u32) {
  *p = x + 1u;
}

fn outer(p: ptr<function, u32>, x: u32) {
  inner(p, x);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = 0u;
  outer(&v, lid);
  if (v == 1u) {
    workgroupBarrier();
  }
}
