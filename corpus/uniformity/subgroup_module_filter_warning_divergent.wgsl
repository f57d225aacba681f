// The module turns subgroup_uniformity into a warning: Tint warns about
// the reduction in the divergent branch and accepts the shader.
diagnostic(warning, subgroup_uniformity);
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid < 8u) {
    data[lid] = subgroupMin(lid);
  }
}
