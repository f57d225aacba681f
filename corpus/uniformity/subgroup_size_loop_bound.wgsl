// A loop over the subgroup size, which is uniform.
enable subgroups;

@compute @workgroup_size(64)
fn main(@builtin(subgroup_size) size: u32) {
  for (var i = 1u; i < size; i = i * 2u) {
    workgroupBarrier();
  }
}
