// `while true` left through a uniform break.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  var i = 0u;
  while (true) {
    workgroupBarrier();
    i++;
    if (i >= n) {
      break;
    }
  }
}
