// Every path through the body ends in `continue` with the invocation index
// in `x`; the continuing block resets it.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  var i = 0u;
  loop {
    if (x != 0u) {
      workgroupBarrier();
    }
    x = lid;
    i++;
    continue;
    continuing {
      x = 0u;
      break if i >= 4u;
    }
  }
}
