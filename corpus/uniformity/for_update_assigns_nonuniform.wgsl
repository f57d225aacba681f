// The update clause of a `for` is its continuing block: it assigns the
// invocation id to `x`, read by the next iteration.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  for (var i = 0u; i < 4u; x = lid + i) {
    if (x == 0u) {
      workgroupBarrier();
    }
    i++;
  }
}
