// A continue on a varying skips to the continuing block in divergent
// control flow.

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var acc = 0.0;
  var i = 0;
  loop {
    if (uv.x > f32(i)) {
      continue;
    }
    acc += 1.0;
    continuing {
      acc += dpdx(acc);
      i++;
      break if i >= 4;
    }
  }
  return vec4<f32>(acc);
}
