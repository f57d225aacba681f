// The filter turns subgroup_uniformity into a warning; the barrier is
// uniform.
diagnostic(warning, subgroup_uniformity);
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid < 32u) {
    data[lid] = subgroupMax(lid);
  }
  workgroupBarrier();
}
