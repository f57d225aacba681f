// A private variable written with a constant: private memory is
// non-uniform for Tint.
var<private> mode: u32 = 1u;

@compute @workgroup_size(64)
fn main() {
  if (mode == 1u) {
    workgroupBarrier();
  }
}
