// select() with a non-uniform condition gives a non-uniform value, even if
// both operands are uniform.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  let v = select(1u, 2u, lid < 8u);
  if (v == 1u) {
    workgroupBarrier();
  }
}
