// The helper computes its result in a loop that ends per invocation, from
// a uniform argument.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn search(limit: u32) -> u32 {
  var i = 0u;
  loop {
    if (i >= limit || data[i] == 0u) {
      break;
    }
    i++;
  }
  return limit;
}

@compute @workgroup_size(64)
fn main() {
  if (search(8u) == 8u) {
    workgroupBarrier();
  }
}
