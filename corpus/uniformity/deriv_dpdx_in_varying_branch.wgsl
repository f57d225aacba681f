// dpdx under a branch on a varying.

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var slope = 0.0;
  if (uv.y > 0.5) {
    slope = dpdx(uv.x);
  }
  return vec4<f32>(slope);
}
