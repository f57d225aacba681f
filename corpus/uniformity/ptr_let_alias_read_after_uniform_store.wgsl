// A let pointer stores a uniform value and the local is read directly.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  var v = 0u;
  let p = &v;
  *p = n;
  if (v == 0u) {
    workgroupBarrier();
  }
}
