// A switch on the fragment position.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@fragment
fn main(@builtin(position) pos: vec4<f32>, @location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  switch (u32(pos.x) % 3u) {
    case 0u: {
      color = textureSample(tex, samp, uv);
    }
    default: {
      color = vec4<f32>(1.0);
    }
  }
  return color;
}
