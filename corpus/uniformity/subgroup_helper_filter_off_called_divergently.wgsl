// The helper turns subgroup_uniformity off: nothing is required of its
// callers either.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@diagnostic(off, subgroup_uniformity)
fn total(v: u32) -> u32 {
  return subgroupAdd(v);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid % 2u == 0u) {
    data[lid] = total(lid);
  }
}
