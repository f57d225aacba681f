// A uniform `continue` skips the reset of `x` in a `while` loop; what it
// carries into the next iteration is the uniform counter.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  var i = 0u;
  while (i < 4u) {
    i++;
    if (x == 0u) {
      workgroupBarrier();
    }
    x = i;
    if (i == 2u) {
      continue;
    }
    x = 0u;
  }
}
