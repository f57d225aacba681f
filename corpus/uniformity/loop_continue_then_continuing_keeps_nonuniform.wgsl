// `x` holds the invocation index at a uniform `continue`; the continuing
// block adds to it, so the next iteration reads a non-uniform value.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  var i = 0u;
  loop {
    if (x > 0u) {
      workgroupBarrier();
    }
    i++;
    if (i < 2u) {
      x = lid;
      continue;
    }
    x = 0u;
    continuing {
      x = x + 1u;
      break if i >= 4u;
    }
  }
}
