// A pointer to an array element goes to a callee that stores a uniform
// value; the caller compares that element.
@group(0) @binding(0) var<uniform> n: u32;

fn put(p: ptr<function, u32>, x: u32) {
  *p = x;
}

@compute @workgroup_size(64)
fn main() {
  var a = array<u32, 4>(0u, 0u, 0u, 0u);
  put(&a[1], n);
  if (a[1] == 0u) {
    workgroupBarrier();
  }
}
