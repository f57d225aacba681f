// fwidth (antialiased edges) under a branch on a varying.

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var edge = 0.0;
  if (uv.y > 0.5) {
    edge = fwidth(uv.x);
  }
  return vec4<f32>(edge);
}
