// workgroupUniformLoad after a non-uniform early return.
var<workgroup> flag: u32;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid > 60u) {
    return;
  }
  data[lid] = workgroupUniformLoad(&flag);
}
