// The continuing block stores the invocation index; the next iteration
// reads it before the barrier.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  var i = 0u;
  loop {
    if (i >= n) {
      break;
    }
    if (x == 0u) {
      workgroupBarrier();
    }
    continuing {
      x = lid;
      i++;
    }
  }
}
