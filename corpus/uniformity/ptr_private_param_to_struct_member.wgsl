// A pointer to a member of a private struct goes to a callee that stores
// the workgroup id there and compares it: read through the pointer, it may
// differ between invocations all the same.
struct Pair {
  a: u32,
  b: u32,
}

var<private> pair: Pair;

fn store_and_check(p: ptr<private, u32>, x: u32) {
  *p = x;
  if (*p == 0u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  store_and_check(&pair.b, wid.x);
}
