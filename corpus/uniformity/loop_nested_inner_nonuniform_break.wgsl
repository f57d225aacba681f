// The inner loop ends per invocation; the barrier is in the outer loop
// after it.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < n; i++) {
    var j = 0u;
    loop {
      if (j >= lid) {
        break;
      }
      j++;
    }
    workgroupBarrier();
  }
}
