// The tree reduction of many public kernels: a stride halved each step,
// a uniform loop, the work guarded per invocation. Two barriers, both
// uniform.
var<workgroup> partial: array<f32, 64>;
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  partial[lid] = data[wid.x * 64u + lid];
  workgroupBarrier();
  for (var stride = 32u; stride > 0u; stride = stride / 2u) {
    if (lid < stride) {
      partial[lid] += partial[lid + stride];
    }
    workgroupBarrier();
  }
  if (lid == 0u) {
    data[wid.x] = partial[0];
  }
}
