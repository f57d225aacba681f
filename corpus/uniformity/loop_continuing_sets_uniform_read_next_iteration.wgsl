// The continuing block sets `x` from the workgroup id, the same for every
// invocation; the next iteration reads it to decide the barrier.
@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  var x = 0u;
  var i = 0u;
  loop {
    if (x > 0u) {
      workgroupBarrier();
    }
    continuing {
      x = wid.x;
      i++;
      break if i >= 4u;
    }
  }
}
