// The inner loop's non-uniform break is followed by a uniform continue of
// the outer loop; the barrier is in the outer body after both.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < n; i++) {
    for (var j = 0u; j < 8u; j++) {
      if (j == lid) {
        break;
      }
    }
    if (i == 0u) {
      continue;
    }
    workgroupBarrier();
  }
}
