// Invocations leave the loop at different iterations but all reach the
// barrier after it.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var i = 0u;
  loop {
    if (i >= lid) {
      break;
    }
    i++;
  }
  workgroupBarrier();
}
