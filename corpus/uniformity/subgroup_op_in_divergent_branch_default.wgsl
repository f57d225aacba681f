// The same without the filter: subgroup_uniformity is an error by default,
// and Tint rejects the subgroup operation before it looks at the barrier.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid < 32u) {
    data[lid] = subgroupAdd(lid);
  }
  workgroupBarrier();
}
