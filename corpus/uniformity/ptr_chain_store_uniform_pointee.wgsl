// The near miss of ptr_chain_store_nonuniform_pointee: `a` holds a uniform
// value, so `v` stays uniform.
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
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  var v = 0u;
  var a = wid.x;
  f1(&v, &a);
  if (v == 0u) {
    workgroupBarrier();
  }
}
