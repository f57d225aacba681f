// A uniform return inside the loop. Two barriers, both uniform.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  for (var i = 0u; i < 8u; i++) {
    if (n == i) {
      return;
    }
    workgroupBarrier();
  }
  workgroupBarrier();
}
