// A reduction whose stage is a helper holding the barrier, called from a
// uniform loop.
// Two barriers, both uniform.
var<workgroup> partial: array<f32, 64>;
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

fn stage(lid: u32, stride: u32) {
  if (lid < stride) {
    partial[lid] += partial[lid + stride];
  }
  workgroupBarrier();
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  partial[lid] = data[lid];
  workgroupBarrier();
  for (var s = 32u; s > 0u; s >>= 1u) {
    stage(lid, s);
  }
  if (lid == 0u) {
    data[0] = partial[0];
  }
}
