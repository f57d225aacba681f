// The innermost callee's barrier depends on the pointee; the entry point's
// local is non-uniform.
fn inner(p: ptr<function, u32>) {
  if (*p == 0u) {
    workgroupBarrier();
  }
}

fn outer(p: ptr<function, u32>) {
  inner(p);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = lid;
  outer(&v);
}
