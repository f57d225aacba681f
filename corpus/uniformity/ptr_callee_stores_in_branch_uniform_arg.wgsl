// The near miss: the condition argument is uniform.
@group(0) @binding(0) var<uniform> n: u32;

fn set_if(p: ptr<function, u32>, c: bool) {
  if (c) {
    *p = 1u;
  }
}

@compute @workgroup_size(64)
fn main() {
  var v = 0u;
  set_if(&v, n == 0u);
  if (v == 0u) {
    workgroupBarrier();
  }
}
