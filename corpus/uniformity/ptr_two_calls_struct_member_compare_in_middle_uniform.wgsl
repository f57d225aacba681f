// A pointer to a struct member goes through two calls; the middle one
// compares it after the inner one stored the workgroup id.
struct Pair {
  a: u32,
  b: u32,
}

fn inner(p: ptr<function, u32>, x: u32) {
  *p = x;
}

fn middle(p: ptr<function, u32>, x: u32) {
  inner(p, x);
  if (*p == 0u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  var s = Pair(lid, 0u);
  middle(&s.a, wid.x);
}
