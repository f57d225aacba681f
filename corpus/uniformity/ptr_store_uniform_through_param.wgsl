// A helper stores a uniform argument through its pointer parameter.
@group(0) @binding(0) var<uniform> n: u32;

fn store_into(p: ptr<function, u32>, x: u32) {
  *p = x;
}

@compute @workgroup_size(64)
fn main() {
  var v = 0u;
  store_into(&v, n);
  if (v > 2u) {
    workgroupBarrier();
  }
}
