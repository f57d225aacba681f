// Every case holds a barrier, but different ones: both are divergent, and
// Tint names one of them.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  switch (lid % 2u) {
    case 0u: {
      workgroupBarrier();
    }
    default: {
      workgroupBarrier();
    }
  }
}
