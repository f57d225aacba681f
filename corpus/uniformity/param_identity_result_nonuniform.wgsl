// An identity helper hands back its non-uniform argument.
fn identity(x: u32) -> u32 {
  return x;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (identity(lid) == 0u) {
    workgroupBarrier();
  }
}
