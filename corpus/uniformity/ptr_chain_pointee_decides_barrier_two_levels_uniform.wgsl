// The near miss: the entry point's local is uniform.
fn inner(p: ptr<function, u32>) {
  if (*p == 0u) {
    workgroupBarrier();
  }
}

fn outer(p: ptr<function, u32>) {
  inner(p);
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  var v = wid.y;
  outer(&v);
}
