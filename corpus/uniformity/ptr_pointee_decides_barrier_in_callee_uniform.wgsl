// The near miss: the caller's local is uniform.
fn sync_if_zero(p: ptr<function, u32>) {
  if (*p == 0u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  var v = wid.x;
  sync_if_zero(&v);
}
