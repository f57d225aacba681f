// The near miss: the left operand is uniform.
@group(0) @binding(0) var<uniform> n: u32;

fn synced_check() -> bool {
  workgroupBarrier();
  return true;
}

@compute @workgroup_size(64)
fn main() {
  if (n < 32u && synced_check()) {
    return;
  }
}
