// A let pointer to an element chosen by the invocation; a constant stored.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a = array<u32, 4>(0u, 0u, 0u, 0u);
  let p = &a[lid % 4u];
  *p = 1u;
  if (a[1] == 1u) {
    workgroupBarrier();
  }
}
