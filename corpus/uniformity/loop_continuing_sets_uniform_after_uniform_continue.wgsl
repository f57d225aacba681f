// A uniform `continue` skips the rest of the body and runs the continuing
// block, which adds only uniform values to `x`.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
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
      x = x + wid.x;
      break if i >= 8u;
    }
  }
}
