// The continuing block makes `x` non-uniform, but the body overwrites it
// with a uniform value before the barrier's condition reads it.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  var i = 0u;
  loop {
    x = i;
    if (x > 0u) {
      workgroupBarrier();
    }
    continuing {
      x = lid;
      i++;
      break if i >= 4u;
    }
  }
}
