// After a non-uniform break the counter differs between invocations.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var i = 0u;
  for (; i < 8u; i++) {
    if (i == lid) {
      break;
    }
  }
  if (i == 8u) {
    workgroupBarrier();
  }
}
