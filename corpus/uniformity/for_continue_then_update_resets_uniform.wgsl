// A `for` whose update clause resets `x`: the invocation index it holds
// at the `continue` never reaches the next iteration.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  for (var i = 0u; i < 4u; x = i) {
    if (x > 1u) {
      workgroupBarrier();
    }
    x = lid;
    if (i == 2u) {
      i += 2u;
      continue;
    }
    i++;
  }
}
