// `a` is uniform when the chain copies it into `v`, and non-uniform only
// after the call.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn f2(p: ptr<function, u32>, a: ptr<function, u32>) {
  *p = *a;
}

fn f1(p: ptr<function, u32>, a: ptr<function, u32>) {
  f2(p, a);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = 0u;
  var a = 7u;
  f1(&v, &a);
  a = lid;
  data[lid] = a;
  if (v == 7u) {
    workgroupBarrier();
  }
}
