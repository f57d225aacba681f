// Inside the case, a non-uniform break before the barrier.
@group(0) @binding(0) var<uniform> mode: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  switch (mode) {
    case 1u: {
      if (lid == 0u) {
        break;
      }
      workgroupBarrier();
    }
    default: {
    }
  }
}
