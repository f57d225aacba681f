// A helper returns what it reads through its pointer; the local is
// non-uniform.
fn read_through(p: ptr<function, u32>) -> u32 {
  return *p;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = lid;
  if (read_through(&v) == 0u) {
    workgroupBarrier();
  }
}
