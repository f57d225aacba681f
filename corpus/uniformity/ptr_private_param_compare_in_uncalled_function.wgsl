// A function no entry point calls compares what a pointer to private
// memory points to: Tint analyses it all the same.
fn check(p: ptr<private, u32>) {
  *p = 1u;
  if (*p == 1u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main() {
}
