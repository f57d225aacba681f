// A flag local decides the break; it is set from a uniform value.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  var done = false;
  var i = 0u;
  loop {
    if (done) {
      break;
    }
    workgroupBarrier();
    i++;
    done = i >= n;
  }
}
