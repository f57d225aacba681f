// The inner loop's `continue` goes through its continuing block, which
// resets `x`; the barrier at the top of the inner loop reads it.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  for (var o = 0u; o < 2u; o++) {
    var i = 0u;
    loop {
      if (x != 0u) {
        workgroupBarrier();
      }
      x = lid + o;
      i++;
      if (i < 3u) {
        continue;
      }
      continuing {
        x = 0u;
        break if i >= 3u;
      }
    }
  }
}
