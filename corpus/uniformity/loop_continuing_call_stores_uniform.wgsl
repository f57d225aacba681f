// The continuing block stores the loop counter into `x` through a
// pointer; the next iteration reads it.
fn put(p: ptr<function, u32>, v: u32) {
  *p = v;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  var i = 0u;
  loop {
    if (x != 0u) {
      workgroupBarrier();
    }
    continuing {
      put(&x, i);
      i++;
      break if i >= 4u;
    }
  }
}
