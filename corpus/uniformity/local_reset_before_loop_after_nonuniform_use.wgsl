// A local used with a non-uniform value before the loop is reset to a
// constant before the loop that uses it.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var count = lid;
  data[lid] = count;
  count = 4u;
  for (var i = 0u; i < count; i++) {
    workgroupBarrier();
  }
}
