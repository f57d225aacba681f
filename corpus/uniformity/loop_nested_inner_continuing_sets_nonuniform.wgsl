// The inner loop's continuing block makes `x` non-uniform; the barrier at
// the top of the inner loop reads it on its next iteration.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  for (var o = 0u; o < 2u; o++) {
    x = 0u;
    var i = 0u;
    loop {
      if (x == 1u) {
        workgroupBarrier();
      }
      continuing {
        x = lid & 1u;
        i++;
        break if i >= 4u;
      }
    }
  }
}
