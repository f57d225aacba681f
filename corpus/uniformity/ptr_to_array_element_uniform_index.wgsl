// The same store at a constant index.
fn set_one(p: ptr<function, u32>) {
  *p = 1u;
}

@compute @workgroup_size(64)
fn main() {
  var a = array<u32, 4>(0u, 0u, 0u, 0u);
  set_one(&a[1]);
  if (a[0] == 0u) {
    workgroupBarrier();
  }
}
