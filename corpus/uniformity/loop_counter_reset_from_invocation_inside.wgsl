// The counter is set from the invocation index inside the body.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var i = 0u;
  loop {
    if (i >= n) {
      break;
    }
    workgroupBarrier();
    i = i + lid;
  }
}
