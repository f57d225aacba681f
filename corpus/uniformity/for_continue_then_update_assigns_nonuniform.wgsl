// A `continue` in a `for` goes to its update clause, which makes `x`
// non-uniform; the body after the `continue` would have reset it.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  var y = 0u;
  for (var i = 0u; i < 4u; x = y) {
    if (x == 0u) {
      workgroupBarrier();
    }
    y = lid;
    i++;
    if (i == 2u) {
      continue;
    }
    y = 0u;
  }
}
