// A uniform value stored into a private variable through a pointer: the
// caller's read of the private variable may still differ between
// invocations.
var<private> v: u32;

fn put(p: ptr<private, u32>, x: u32) {
  *p = x;
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  put(&v, wid.x);
  if (v == 0u) {
    workgroupBarrier();
  }
}
