// An array local built from the invocation index, then one element
// overwritten: the other elements still differ.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a = array<u32, 2>(lid, lid);
  a[0] = 0u;
  if (a[0] == 0u) {
    workgroupBarrier();
  }
}
