// fwidthFine in a loop whose trip count is a varying.

@fragment
fn main(@location(0) uv: vec2<f32>, @location(1) @interpolate(flat) steps: u32) -> @location(0) vec4<f32> {
  var edge = 0.0;
  for (var i = 0u; i < steps; i++) {
    edge += fwidthFine(uv.x * f32(i));
  }
  return vec4<f32>(edge);
}
