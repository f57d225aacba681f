// The right operand of && calls a barrier helper; it runs only where the
// non-uniform left operand holds.
fn synced_check() -> bool {
  workgroupBarrier();
  return true;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid < 32u && synced_check()) {
    return;
  }
}
