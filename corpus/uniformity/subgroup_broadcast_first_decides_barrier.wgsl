// subgroupBroadcastFirst is uniform within a subgroup, not within the
// workgroup.
enable subgroups;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  let v = subgroupBroadcastFirst(lid);
  if (v == 0u) {
    workgroupBarrier();
  }
}
