// A non-uniform break leaves only the inner loop; the barrier follows it in
// the body of a uniform outer loop.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < n; i++) {
    for (var j = 0u; j < 4u; j++) {
      if (j == lid) {
        break;
      }
    }
    workgroupBarrier();
  }
}
