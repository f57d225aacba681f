// Every path through the body ends in `continue`; the continuing block
// sets `x` to a uniform value before the next iteration reads it.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  var x = 0u;
  var i = 0u;
  loop {
    if (x > 0u) {
      workgroupBarrier();
    }
    i++;
    continue;
    continuing {
      x = n + i;
      break if i >= 4u;
    }
  }
}
