// The callee returns what a pointer to private memory points to, just
// after storing a constant into it.
var<private> v: u32;

fn reset_and_read(p: ptr<private, u32>) -> u32 {
  *p = 0u;
  return *p;
}

@compute @workgroup_size(64)
fn main() {
  if (reset_and_read(&v) == 0u) {
    workgroupBarrier();
  }
}
