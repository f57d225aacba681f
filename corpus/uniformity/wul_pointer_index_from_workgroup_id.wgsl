// The workgroupUniformLoad pointer selects an element by workgroup id.
var<workgroup> values: array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  data[lid] = workgroupUniformLoad(&values[wid.x % 64u]);
}
