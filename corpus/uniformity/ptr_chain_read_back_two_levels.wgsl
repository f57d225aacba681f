// A value read back through two levels of pointer parameters.
fn read2(p: ptr<function, u32>) -> u32 {
  return *p;
}

fn read1(p: ptr<function, u32>) -> u32 {
  return read2(p);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = lid;
  if (read1(&v) == 0u) {
    workgroupBarrier();
  }
}
