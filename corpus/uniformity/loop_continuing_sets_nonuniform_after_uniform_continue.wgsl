// A uniform `continue` skips the rest of the body but still runs the
// continuing block, which makes `x` non-uniform for the next iteration.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
  var x = 0u;
  var i = 0u;
  loop {
    if (x > 0u) {
      workgroupBarrier();
    }
    i++;
    if (i < n) {
      continue;
    }
    x = 0u;
    continuing {
      x = x + lid.x;
      break if i >= 8u;
    }
  }
}
