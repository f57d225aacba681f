@fragment
fn main(
  @location(0) fragColor: vec4f
) -> @location(0) vec4f {
  return fragColor;
}
