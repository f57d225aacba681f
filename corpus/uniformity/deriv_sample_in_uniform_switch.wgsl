// A switch on a uniform value picks the sample.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var<uniform> params: vec4<f32>;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  switch (u32(params.w)) {
    case 0u: {
      color = textureSample(tex, samp, uv);
    }
    case 1u: {
      color = textureSampleBias(tex, samp, uv, 1.0);
    }
    default: {}
  }
  return color;
}
