// `non-uniform || true` is always true, but not uniform for Tint.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid < 32u || true) {
    workgroupBarrier();
  }
}
