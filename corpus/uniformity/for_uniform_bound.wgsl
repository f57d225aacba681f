// A for loop over a bound from a uniform buffer.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  for (var i = 0u; i < n; i++) {
    workgroupBarrier();
  }
}
