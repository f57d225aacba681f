// Each case of a non-uniform switch stores into a local that decides the
// barrier.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var kind = 0u;
  switch (lid % 2u) {
    case 0u: {
      kind = 1u;
    }
    default: {
      kind = 2u;
    }
  }
  if (kind == 1u) {
    workgroupBarrier();
  }
}
