// The counter of a uniform loop read after it.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  var i = 0u;
  for (; i < n; i++) {
  }
  if (i == n) {
    workgroupBarrier();
  }
}
