// The barrier in the else branch of a uniform if.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  if (n > 0u) {
  } else {
    workgroupBarrier();
  }
}
