// The helper reduces over the subgroup; its call is in a branch on the
// invocation index. Tint reports the reduction, in the helper.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn total(v: u32) -> u32 {
  return subgroupAdd(v);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid % 2u == 0u) {
    data[lid] = total(lid);
  }
}
