// Turning the subgroup_uniformity diagnostic off does not make subgroup
// results uniform: the barrier depends on one.
diagnostic(off, subgroup_uniformity);
enable subgroups;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  let any_low = subgroupAny(lid < 4u);
  if (any_low) {
    workgroupBarrier();
  }
}
