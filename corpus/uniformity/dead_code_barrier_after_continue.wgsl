// A barrier after a continue in the same block is never reached.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < n; i++) {
    if (lid == i) {
      continue;
      storageBarrier();
    }
  }
}
