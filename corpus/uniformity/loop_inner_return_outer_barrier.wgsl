// A return deep inside an inner loop; the barrier is in the outer loop's
// body after the inner loop.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < n; i++) {
    for (var j = 0u; j < 8u; j++) {
      if (j == lid) {
        return;
      }
    }
    workgroupBarrier();
  }
}
