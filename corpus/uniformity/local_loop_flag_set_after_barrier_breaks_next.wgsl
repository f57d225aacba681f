// A flag set per invocation after the barrier decides the break at the top
// of the next iteration.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var stop = false;
  for (var i = 0u; i < 8u; i++) {
    if (stop) {
      break;
    }
    workgroupBarrier();
    stop = lid == i;
  }
}
