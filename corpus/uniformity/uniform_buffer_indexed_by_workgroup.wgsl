// The same array at the workgroup's index.
@group(0) @binding(0) var<uniform> weights: array<vec4<f32>, 16>;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  if (weights[wid.x % 16u].x > 0.5) {
    workgroupBarrier();
  }
}
