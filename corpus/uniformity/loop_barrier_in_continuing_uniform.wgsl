// The barrier in the continuing block of a uniformly exited loop.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  var i = 0u;
  loop {
    if (i >= n) {
      break;
    }
    continuing {
      workgroupBarrier();
      i++;
    }
  }
}
