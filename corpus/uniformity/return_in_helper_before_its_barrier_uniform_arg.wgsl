// The near miss: the same helper called with a uniform argument.
@group(0) @binding(0) var<uniform> n: u32;

fn sync_if_small(i: u32) {
  if (i > 8u) {
    return;
  }
  workgroupBarrier();
}

@compute @workgroup_size(64)
fn main() {
  sync_if_small(n);
}
