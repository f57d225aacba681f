// Two levels down, the callee stores a read_write storage value through the
// pointer it was handed.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn load_into(p: ptr<function, u32>) {
  *p = data[0];
}

fn fetch(p: ptr<function, u32>) {
  load_into(p);
}

@compute @workgroup_size(64)
fn main() {
  var v = 0u;
  fetch(&v);
  if (v == 0u) {
    workgroupBarrier();
  }
}
