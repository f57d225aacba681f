// A let pointer with a per-invocation index, handed to workgroupUniformLoad.
var<workgroup> values: array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  let p = &values[lid / 2u];
  data[lid] = workgroupUniformLoad(p);
}
