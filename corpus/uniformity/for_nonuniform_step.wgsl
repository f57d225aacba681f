// The step depends on the invocation.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < 64u; i += lid + 1u) {
    workgroupBarrier();
  }
}
