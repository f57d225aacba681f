// The barrier follows a loop whose trip count differs.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = lid;
  while (x > 1u) {
    x = x / 2u;
  }
  workgroupBarrier();
  data[lid] = x;
}
