// A loop left on a uniform condition, with a barrier in the body.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  var i = 0u;
  loop {
    if (i >= n) {
      break;
    }
    workgroupBarrier();
    i++;
  }
}
