// The same lookup with textureSampleCompareLevel: an explicit level
// needs no derivatives.
@group(0) @binding(3) var shadow_map: texture_depth_2d;
@group(0) @binding(4) var shadow_samp: sampler_comparison;

@fragment
fn main(@location(0) shadow_coord: vec4<f32>) -> @location(0) vec4<f32> {
  var lit = 1.0;
  if (shadow_coord.z > -1.0 && shadow_coord.z < 1.0) {
    lit = textureSampleCompareLevel(shadow_map, shadow_samp, shadow_coord.xy, shadow_coord.z);
  }
  return vec4<f32>(lit);
}
