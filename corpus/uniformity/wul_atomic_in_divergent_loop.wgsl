// workgroupUniformLoad of a workgroup atomic inside a loop whose trip count
// depends on the invocation.
var<workgroup> counter: atomic<u32>;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < lid % 4u; i++) {
    data[lid] += workgroupUniformLoad(&counter);
  }
}
