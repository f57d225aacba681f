// The callee stores a uniform value through a pointer to private memory
// and compares what it reads back: a read through a pointer that is not
// in the function address space may differ between invocations.
var<private> v: u32;

fn store_and_check(p: ptr<private, u32>, x: u32) {
  *p = x;
  if (*p == 0u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  store_and_check(&v, wid.x);
}
