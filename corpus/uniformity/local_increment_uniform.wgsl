// `x++` of a uniform local stays uniform.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 1u;
  x++;
  if (x == 2u) {
    workgroupBarrier();
  }
}
