// A uniform value at a constant index keeps the array uniform.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a = array<u32, 4>(0u, 0u, 0u, 0u);
  a[2] = 7u;
  if (a[2] == 7u) {
    workgroupBarrier();
  }
}
