// Some invocations leave the loop before the barrier.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var i = 0u;
  loop {
    if (i >= lid) {
      break;
    }
    workgroupBarrier();
    i++;
  }
}
