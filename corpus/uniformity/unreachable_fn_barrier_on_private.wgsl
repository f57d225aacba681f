// A function no entry point calls reads a private variable before its
// barrier.
var<private> state: u32;

fn never_called() {
  if (state == 0u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main() {
}
