// Non-uniformity through a chain of pointer parameters: f1 passes both
// pointers to f2, f2 to f3, which stores `*p = *a`. At the call site `v`
// becomes non-uniform, and decides the barrier.
fn f3(p: ptr<function, u32>, a: ptr<function, u32>) {
  *p = *a;
}

fn f2(p: ptr<function, u32>, a: ptr<function, u32>) {
  f3(p, a);
}

fn f1(p: ptr<function, u32>, a: ptr<function, u32>) {
  f2(p, a);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = 0u;
  var a = lid;
  f1(&v, &a);
  if (v == 0u) {
    workgroupBarrier();
  }
}
