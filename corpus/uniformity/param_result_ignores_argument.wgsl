// The helper takes a non-uniform argument but returns a constant.
fn constant_of(x: u32) -> u32 {
  _ = x;
  return 5u;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (constant_of(lid) == 5u) {
    workgroupBarrier();
  }
}
