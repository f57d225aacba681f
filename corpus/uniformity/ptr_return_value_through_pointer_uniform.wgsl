// The near miss: the local is uniform.
fn read_through(p: ptr<function, u32>) -> u32 {
  return *p;
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  var v = wid.x;
  if (read_through(&v) == 0u) {
    workgroupBarrier();
  }
}
