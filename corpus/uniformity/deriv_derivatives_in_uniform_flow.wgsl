// Every derivative builtin, at the top of the entry point.

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  let a = dpdx(uv.x) + dpdxCoarse(uv.x) + dpdxFine(uv.x);
  let b = dpdy(uv.y) + dpdyCoarse(uv.y) + dpdyFine(uv.y);
  let c = fwidth(uv.x) + fwidthCoarse(uv.y) + fwidthFine(uv.x);
  return vec4<f32>(a, b, c, 1.0);
}
