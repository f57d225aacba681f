// The near miss: the whole array is overwritten.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a = array<u32, 2>(lid, lid);
  a = array<u32, 2>(0u, 0u);
  if (a[0] == 0u) {
    workgroupBarrier();
  }
}
