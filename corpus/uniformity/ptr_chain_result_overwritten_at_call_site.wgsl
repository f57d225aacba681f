// The pointer chain makes `v` non-uniform, but the caller overwrites it
// before the condition.
fn f2(p: ptr<function, u32>, a: ptr<function, u32>) {
  *p = *a;
}

fn f1(p: ptr<function, u32>, a: ptr<function, u32>) {
  f2(p, a);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = 0u;
  var a = lid;
  f1(&v, &a);
  v = 1u;
  if (v == 1u) {
    workgroupBarrier();
  }
}
