// The middle function forwards its pointer parameter through a let.
fn store_into(p: ptr<function, u32>, x: u32) {
  *p = x;
}

fn forward(p: ptr<function, u32>, x: u32) {
  let q = p;
  store_into(q, x);
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  var v = 0u;
  forward(&v, wid.x);
  if (v == 0u) {
    workgroupBarrier();
  }
}
