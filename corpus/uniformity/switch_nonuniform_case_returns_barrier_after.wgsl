// A case returns: invocations that took it miss the barrier after the
// switch.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  switch (lid % 3u) {
    case 0u: {
      return;
    }
    default: {
    }
  }
  workgroupBarrier();
}
