// The callee stores a read_write storage value through the pointer, whatever
// its arguments.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn load_first(p: ptr<function, u32>) {
  *p = data[0];
}

@compute @workgroup_size(64)
fn main() {
  var v = 0u;
  load_first(&v);
  if (v == 0u) {
    workgroupBarrier();
  }
}
