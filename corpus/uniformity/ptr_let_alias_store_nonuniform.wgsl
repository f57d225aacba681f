// A let pointer to a local, stored through.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = 0u;
  let p = &v;
  *p = lid;
  if (v == 0u) {
    workgroupBarrier();
  }
}
