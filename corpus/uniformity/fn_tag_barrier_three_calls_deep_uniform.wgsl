// The near miss: the outermost call is under a workgroup-id condition.
fn level3() {
  storageBarrier();
}

fn level2() {
  level3();
}

fn level1() {
  level2();
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  if (wid.y == 0u) {
    level1();
  }
}
