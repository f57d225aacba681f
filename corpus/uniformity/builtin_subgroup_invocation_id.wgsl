// A branch on the subgroup invocation id.
enable subgroups;

@compute @workgroup_size(64)
fn main(@builtin(subgroup_invocation_id) lane: u32) {
  if (lane == 0u) {
    workgroupBarrier();
  }
}
