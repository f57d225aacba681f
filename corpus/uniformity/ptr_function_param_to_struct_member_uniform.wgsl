// A pointer to a struct member goes to a callee that stores the workgroup
// id there; the caller compares that member.
struct Pair {
  a: u32,
  b: u32,
}

fn put(p: ptr<function, u32>, x: u32) {
  *p = x;
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  var s = Pair(0u, 0u);
  put(&s.b, wid.x);
  if (s.b == 0u) {
    workgroupBarrier();
  }
}
