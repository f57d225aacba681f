// Both locals uniform before the swap; the test reads `b`.
@group(0) @binding(0) var<uniform> n: u32;

fn swap(p: ptr<function, u32>, q: ptr<function, u32>) {
  let t = *p;
  *p = *q;
  *q = t;
}

@compute @workgroup_size(64)
fn main() {
  var a = n;
  var b = 3u;
  swap(&a, &b);
  if (b == 3u) {
    workgroupBarrier();
  }
}
