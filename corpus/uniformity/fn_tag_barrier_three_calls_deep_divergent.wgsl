// The barrier is three calls deep; the outermost call is divergent.
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
fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
  if (lid.y == 0u) {
    level1();
  }
}
