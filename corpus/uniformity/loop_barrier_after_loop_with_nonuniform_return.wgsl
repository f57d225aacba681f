// A return inside the loop: some invocations never reach the barrier after
// it.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var i = 0u;
  loop {
    if (i >= 4u) {
      break;
    }
    if (lid == i) {
      return;
    }
    i++;
  }
  workgroupBarrier();
}
