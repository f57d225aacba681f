// The right operand of || runs only where the left operand is false.
fn synced_check() -> bool {
  workgroupBarrier();
  return false;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  let skip = lid == 0u || synced_check();
  if (skip) {
    return;
  }
}
