// The pointer given to workgroupUniformLoad selects an element per
// invocation.
var<workgroup> values: array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  data[lid] = workgroupUniformLoad(&values[lid]);
}
