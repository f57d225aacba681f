// A private variable set from a uniform buffer: still non-uniform for
// Tint.
var<private> steps: u32;
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  steps = n;
  for (var i = 0u; i < steps; i++) {
    workgroupBarrier();
  }
}
