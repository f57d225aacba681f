// A constant stored in divergent control flow: which invocations took the
// store differs, so the local is non-uniform after the if.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  if (lid < 16u) {
    x = 1u;
  }
  if (x == 0u) {
    workgroupBarrier();
  }
}
