// An uncalled function calls a barrier helper in a branch on workgroup
// memory.
var<workgroup> flag: u32;

fn sync() {
  workgroupBarrier();
}

fn never_called() {
  if (flag != 0u) {
    sync();
  }
}

@compute @workgroup_size(64)
fn main() {
}
