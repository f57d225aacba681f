// The near miss: the argument is uniform.
@group(0) @binding(0) var<uniform> n: u32;

fn sync_if(c: bool) {
  if (c) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main() {
  sync_if(n == 0u);
}
