// The reduction with its barrier moved inside the per-invocation guard.
var<workgroup> partial: array<f32, 64>;
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  partial[lid] = data[lid];
  for (var stride = 32u; stride > 0u; stride = stride / 2u) {
    if (lid < stride) {
      partial[lid] += partial[lid + stride];
      workgroupBarrier();
    }
  }
}
