// A `continue` inside a `switch` goes through the loop's continuing block,
// which resets `x`.
@group(0) @binding(0) var<uniform> mode: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  var i = 0u;
  loop {
    if (x == 1u) {
      workgroupBarrier();
    }
    x = lid;
    i++;
    switch (mode) {
      case 0u: {
        continue;
      }
      default: {
        x = 2u;
      }
    }
    continuing {
      x = i;
      break if i >= 4u;
    }
  }
}
