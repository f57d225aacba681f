// A chain of pointer parameters that stores only a constant.
fn store_one(p: ptr<function, u32>) {
  *p = 1u;
}

fn forward(p: ptr<function, u32>) {
  store_one(p);
}

@compute @workgroup_size(64)
fn main() {
  var v = 0u;
  forward(&v);
  if (v == 1u) {
    workgroupBarrier();
  }
}
