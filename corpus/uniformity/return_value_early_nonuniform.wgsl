// A value-returning helper with a non-uniform early return; the result
// decides the barrier in the caller.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn first_zero() -> u32 {
  for (var i = 0u; i < 16u; i++) {
    if (data[i] == 0u) {
      return i;
    }
  }
  return 16u;
}

@compute @workgroup_size(64)
fn main() {
  if (first_zero() < 4u) {
    workgroupBarrier();
  }
}
