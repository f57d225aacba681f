// A let of a dereferenced pointer to a uniform local.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  var v = n;
  let p = &v;
  let x = *p;
  if (x > 1u) {
    workgroupBarrier();
  }
}
