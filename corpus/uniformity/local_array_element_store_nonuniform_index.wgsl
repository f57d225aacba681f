// A uniform value stored at a non-uniform index: the array is non-uniform.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a = array<u32, 4>(0u, 0u, 0u, 0u);
  a[lid % 4u] = 1u;
  if (a[0] == 0u) {
    workgroupBarrier();
  }
}
