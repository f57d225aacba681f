// The near miss: only the active lanes call the stage helper.
// The workgroupBarrier before the loop is uniform; the question is the
// helper's.
var<workgroup> partial: array<f32, 64>;
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

fn stage(lid: u32, stride: u32) {
  partial[lid] += partial[lid + stride];
  workgroupBarrier();
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  partial[lid] = data[lid];
  workgroupBarrier();
  for (var s = 32u; s > 0u; s >>= 1u) {
    if (lid < s) {
      stage(lid, s);
    }
  }
}
