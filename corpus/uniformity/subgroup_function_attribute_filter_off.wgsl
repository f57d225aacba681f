// The filter as an attribute of the function holding the subgroup
// operation; the barrier in the entry point is uniform.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@diagnostic(off, subgroup_uniformity)
fn lane_sum(i: u32) -> u32 {
  var s = 0u;
  if (i % 2u == 0u) {
    s = subgroupAdd(i);
  }
  return s;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  data[lid] = lane_sum(lid);
  workgroupBarrier();
}
