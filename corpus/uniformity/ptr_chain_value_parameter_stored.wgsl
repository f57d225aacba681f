// The chain passes a value, not a pointer, for the source: f1(&v, lid).
fn f2(p: ptr<function, u32>, x: u32) {
  *p = x + 1u;
}

fn f1(p: ptr<function, u32>, x: u32) {
  f2(p, x);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = 0u;
  f1(&v, lid);
  if (v == 1u) {
    workgroupBarrier();
  }
}
