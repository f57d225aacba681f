// The continuing block makes `x` non-uniform; the top of the next
// iteration reads it to decide the barrier.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
  var x = 0u;
  var i = 0u;
  loop {
    if (x > 0u) {
      workgroupBarrier();
    }
    continuing {
      x = lid.x;
      i++;
      break if i >= 4u;
    }
  }
}
