// A branch on the subgroup size.
enable subgroups;

@compute @workgroup_size(64)
fn main(@builtin(subgroup_size) size: u32) {
  if (size == 32u) {
    workgroupBarrier();
  }
}
