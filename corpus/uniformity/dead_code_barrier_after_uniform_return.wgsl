// A barrier after a uniform early return.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  if (n == 0u) {
    return;
  }
  workgroupBarrier();
}
