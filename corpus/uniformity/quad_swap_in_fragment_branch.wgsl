// A quad swap under a branch on a varying, in a fragment shader.
enable subgroups;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var c = vec4<f32>(uv, 0.0, 1.0);
  if (uv.x > 0.5) {
    c.x = quadSwapX(c.x);
  }
  return c;
}
