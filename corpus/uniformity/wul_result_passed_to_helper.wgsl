// The uniform result is passed to a helper whose barrier depends on it.
// The load and the helper's barrier are both uniform.
var<workgroup> count: u32;

fn sync_times(n: u32) {
  for (var i = 0u; i < n; i++) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main() {
  sync_times(workgroupUniformLoad(&count));
}
