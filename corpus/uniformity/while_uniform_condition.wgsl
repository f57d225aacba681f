// A while loop on a uniform condition.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  var i = 0u;
  while (i < n) {
    workgroupBarrier();
    i++;
  }
}
