// A function-level filter making subgroup_uniformity a warning; the
// barrier in the entry point after the call is uniform.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@diagnostic(warning, subgroup_uniformity)
fn lane_max(i: u32) -> u32 {
  if (i < 16u) {
    return subgroupMax(i);
  }
  return 0u;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  data[lid] = lane_max(lid);
  storageBarrier();
}
