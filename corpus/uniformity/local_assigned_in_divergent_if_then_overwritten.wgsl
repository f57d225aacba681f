// A store in divergent control flow makes the local non-uniform, but an
// unconditional store after the if makes it uniform again.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  if (lid < 16u) {
    x = 1u;
  }
  x = 2u;
  if (x == 2u) {
    workgroupBarrier();
  }
}
