// A loop with a uniform trip count, left early by some invocations:
// the iterations after the break are non-uniform.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var<uniform> params: vec4<f32>;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  for (var i = 0; i < 4; i++) {
    if (color.a > 0.9) {
      break;
    }
    color += textureSample(tex, samp, uv + params.xy * f32(i));
  }
  return color;
}
