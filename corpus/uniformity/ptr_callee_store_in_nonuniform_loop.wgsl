// The callee stores a constant on every iteration of a loop whose trip
// count is its non-uniform argument.
fn fill(p: ptr<function, u32>, count: u32) {
  for (var i = 0u; i < count; i++) {
    *p = 1u;
  }
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = 0u;
  fill(&v, lid);
  if (v == 0u) {
    workgroupBarrier();
  }
}
