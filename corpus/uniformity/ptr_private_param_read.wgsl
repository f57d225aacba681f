// A pointer to a private variable: private memory may differ between
// invocations.
var<private> counter: u32;

fn bump(p: ptr<private, u32>) {
  *p = *p + 1u;
}

@compute @workgroup_size(64)
fn main() {
  bump(&counter);
  if (counter == 1u) {
    workgroupBarrier();
  }
}
