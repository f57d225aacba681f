// Both branches of a divergent if store a constant; Tint still sees a
// value that depends on the condition.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x: u32;
  if (lid < 16u) {
    x = 1u;
  } else {
    x = 1u;
  }
  if (x == 1u) {
    workgroupBarrier();
  }
}
