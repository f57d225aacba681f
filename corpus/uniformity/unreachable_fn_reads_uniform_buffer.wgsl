// An uncalled function branches on a uniform buffer before its barrier.
struct Params {
  count: u32,
  scale: f32,
}
@group(0) @binding(0) var<uniform> params: Params;

fn never_called() {
  if (params.count > 1u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main() {
}
