// The result is a constant chosen by a branch on the argument.
fn pick(x: u32) -> u32 {
  if (x > 3u) {
    return 1u;
  }
  return 2u;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (pick(lid) == 1u) {
    workgroupBarrier();
  }
}
