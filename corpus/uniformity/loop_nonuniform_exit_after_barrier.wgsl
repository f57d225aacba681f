// The exit test comes after the barrier, but invocations that left skip
// the barrier of the next iteration.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var i = 0u;
  loop {
    workgroupBarrier();
    if (i >= lid) {
      break;
    }
    i++;
  }
}
