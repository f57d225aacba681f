// A swap through two pointers moves the non-uniform value into `a`.
fn swap(p: ptr<function, u32>, q: ptr<function, u32>) {
  let t = *p;
  *p = *q;
  *q = t;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a = 0u;
  var b = lid;
  swap(&a, &b);
  if (a == 0u) {
    workgroupBarrier();
  }
}
