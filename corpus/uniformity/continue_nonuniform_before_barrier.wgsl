// A non-uniform continue skips the barrier.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < n; i++) {
    if (lid % 2u == 0u) {
      continue;
    }
    workgroupBarrier();
  }
}
