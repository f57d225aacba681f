// A non-uniform continue in a while loop that has the barrier first.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var i = 0u;
  while (i < n) {
    i++;
    if (lid < i) {
      continue;
    }
    workgroupBarrier();
  }
}
