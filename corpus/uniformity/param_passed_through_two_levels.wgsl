// The non-uniform argument reaches the barrier's condition two calls deep.
fn inner(c: u32) {
  if (c > 3u) {
    workgroupBarrier();
  }
}

fn outer(c: u32) {
  inner(c * 2u);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  outer(lid);
}
