// A member of a uniform buffer struct.
struct Params {
  count: u32,
  scale: f32,
}
@group(0) @binding(0) var<uniform> params: Params;

@compute @workgroup_size(64)
fn main() {
  if (params.scale > 0.5) {
    workgroupBarrier();
  }
}
