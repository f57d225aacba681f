// A return from a switch case inside a loop; the barrier after the loop.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < n; i++) {
    switch (lid % 4u) {
      case 3u: {
        return;
      }
      default: {
      }
    }
  }
  workgroupBarrier();
}
