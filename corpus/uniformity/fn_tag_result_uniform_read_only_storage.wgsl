// The helper's result comes from read-only storage at a constant index.
@group(0) @binding(0) var<storage, read> data: array<u32>;

fn current() -> u32 {
  return data[0];
}

@compute @workgroup_size(64)
fn main() {
  if (current() == 0u) {
    workgroupBarrier();
  }
}
