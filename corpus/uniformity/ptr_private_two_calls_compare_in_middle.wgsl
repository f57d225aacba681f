// A pointer to private memory goes through two calls; the middle one
// compares what it points to after the inner one stored a constant.
var<private> v: u32;

fn inner(p: ptr<private, u32>) {
  *p = 3u;
}

fn middle(p: ptr<private, u32>) {
  inner(p);
  if (*p == 3u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main() {
  middle(&v);
}
