// A uniform condition nested inside a non-uniform one.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid < 32u) {
    if (n > 0u) {
      workgroupBarrier();
    }
  }
}
