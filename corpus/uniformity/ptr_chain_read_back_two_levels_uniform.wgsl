// The near miss: the local is uniform.
fn read2(p: ptr<function, u32>) -> u32 {
  return *p;
}

fn read1(p: ptr<function, u32>) -> u32 {
  return read2(p);
}

@compute @workgroup_size(64)
fn main(@builtin(num_workgroups) groups: vec3<u32>) {
  var v = groups.x;
  if (read1(&v) == 0u) {
    workgroupBarrier();
  }
}
