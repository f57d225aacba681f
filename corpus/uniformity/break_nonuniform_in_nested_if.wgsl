// The break is two ifs deep; the outer if is uniform.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < 8u; i++) {
    if (n > 2u) {
      if (lid > i) {
        break;
      }
    }
    workgroupBarrier();
  }
}
