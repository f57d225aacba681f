// Every path through the body ends in `continue`, which goes to the
// continuing block; it makes `x` non-uniform for the next iteration.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
  var x = 0u;
  var i = 0u;
  loop {
    if (x > 0u) {
      workgroupBarrier();
    }
    i++;
    continue;
    continuing {
      x = lid.x;
      break if i >= 4u;
    }
  }
}
