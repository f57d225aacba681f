// `x += lid` makes the local non-uniform.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 1u;
  x += lid;
  if (x > 8u) {
    workgroupBarrier();
  }
}
