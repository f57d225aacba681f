// The pointer goes through two calls; the inner one stores the value the
// outer one was given, the workgroup id.
fn inner(p: ptr<function, u32>, x: u32) {
  *p = x + 1u;
}

fn outer(p: ptr<function, u32>, x: u32) {
  inner(p, x);
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  var v = 0u;
  outer(&v, wid.x);
  if (v == 1u) {
    workgroupBarrier();
  }
}
