// A `continue` in a `for` goes to its update clause; `y` is uniform on
// every path that reaches it.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  var y = 0u;
  for (var i = 0u; i < 4u; x = y) {
    if (x == 0u) {
      workgroupBarrier();
    }
    y = i;
    i++;
    if (i == 2u) {
      continue;
    }
    y = i * 2u;
  }
}
