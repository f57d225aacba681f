// A non-uniform condition nested inside a uniform one.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (n > 0u) {
    if (lid < 32u) {
      workgroupBarrier();
    }
  }
}
