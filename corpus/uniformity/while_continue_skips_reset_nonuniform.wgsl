// A non-uniform `continue` skips the reset of `x` in a `while` loop with a
// uniform trip count: the invocations that took it carry their id into the
// next iteration.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  var i = 0u;
  while (i < 4u) {
    i++;
    if (x == 0u) {
      workgroupBarrier();
    }
    x = lid;
    if (i == 2u) {
      continue;
    }
    x = 0u;
  }
}
