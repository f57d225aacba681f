// The caller turns subgroup_uniformity off, but the severity is taken at
// the builtin, in the helper, where it is an error.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn total(v: u32) -> u32 {
  return subgroupAdd(v);
}

@diagnostic(off, subgroup_uniformity)
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid % 2u == 0u) {
    data[lid] = total(lid);
  }
}
