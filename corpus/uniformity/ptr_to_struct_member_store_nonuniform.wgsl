// A pointer to one member of a struct local; the other member is tested.
struct Pair {
  a: u32,
  b: u32,
}

fn store_into(p: ptr<function, u32>, x: u32) {
  *p = x;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var s = Pair(0u, 0u);
  store_into(&s.b, lid);
  if (s.a == 0u) {
    workgroupBarrier();
  }
}
