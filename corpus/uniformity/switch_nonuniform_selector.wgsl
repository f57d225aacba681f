// A switch on the invocation index.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  switch (lid % 4u) {
    case 0u: {
      workgroupBarrier();
    }
    default: {
    }
  }
}
