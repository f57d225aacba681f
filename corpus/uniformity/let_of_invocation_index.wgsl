// A let bound to an expression of the invocation index.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  let half = lid / 32u;
  if (half == 0u) {
    workgroupBarrier();
  }
}
