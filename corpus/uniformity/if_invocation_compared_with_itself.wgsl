// `lid == lid` is always true; Tint does not fold it.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == lid) {
    workgroupBarrier();
  }
}
