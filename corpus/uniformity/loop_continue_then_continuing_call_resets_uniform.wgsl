// The continuing block resets `x` through a pointer, after a `continue`
// that left the invocation index in it.
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
    x = lid;
    i++;
    if (i < 3u) {
      continue;
    }
    continuing {
      put(&x, 0u);
      break if i >= 4u;
    }
  }
}
