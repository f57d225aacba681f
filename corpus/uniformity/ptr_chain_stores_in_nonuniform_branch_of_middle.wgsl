// The middle function calls the storing function only on a non-uniform
// condition of its own.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn store_one(p: ptr<function, u32>) {
  *p = 1u;
}

fn maybe_store(p: ptr<function, u32>) {
  if (data[0] > 3u) {
    store_one(p);
  }
}

@compute @workgroup_size(64)
fn main() {
  var v = 0u;
  maybe_store(&v);
  if (v == 0u) {
    workgroupBarrier();
  }
}
