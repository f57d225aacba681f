// A pointer to an element chosen by the invocation, storing a constant.
fn set_one(p: ptr<function, u32>) {
  *p = 1u;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a = array<u32, 4>(0u, 0u, 0u, 0u);
  set_one(&a[lid % 4u]);
  if (a[0] == 0u) {
    workgroupBarrier();
  }
}
