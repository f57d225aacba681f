// A uniform buffer array at the invocation's index.
@group(0) @binding(0) var<uniform> weights: array<vec4<f32>, 16>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (weights[lid % 16u].x > 0.5) {
    workgroupBarrier();
  }
}
