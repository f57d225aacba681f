// `x` holds the invocation index at a uniform `continue`, but the
// continue goes through the continuing block, which resets it before the
// next iteration reads it.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  var i = 0u;
  loop {
    if (x > 0u) {
      workgroupBarrier();
    }
    x = lid;
    i++;
    if (i < 2u) {
      continue;
    }
    continuing {
      x = 0u;
      break if i >= 4u;
    }
  }
}
