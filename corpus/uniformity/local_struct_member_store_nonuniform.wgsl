// A non-uniform value stored in one member of a struct local.
struct Pair {
  a: u32,
  b: u32,
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var p = Pair(1u, 2u);
  p.b = lid;
  if (p.a == 1u) {
    workgroupBarrier();
  }
}
