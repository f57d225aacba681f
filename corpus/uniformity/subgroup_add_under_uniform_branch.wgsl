// The branch depends on a uniform buffer only: every invocation of the
// subgroup reaches the reduction.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<uniform> limit: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (limit > 4u) {
    data[lid] = subgroupAdd(lid);
  }
}
