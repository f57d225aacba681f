// A pointer to an array element (constant index) goes to a callee that
// stores the invocation index; the caller compares another element.
fn put(p: ptr<function, u32>, x: u32) {
  *p = x;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a = array<u32, 4>(0u, 0u, 0u, 0u);
  put(&a[1], lid);
  if (a[2] == 0u) {
    workgroupBarrier();
  }
}
