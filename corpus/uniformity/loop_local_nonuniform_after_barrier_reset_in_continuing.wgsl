// The local is non-uniform after the barrier but reset in the continuing
// block before the next iteration reads it.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  var i = 0u;
  loop {
    if (i >= n) {
      break;
    }
    if (x == 0u) {
      workgroupBarrier();
    }
    x = lid;
    data[lid] = x;
    continuing {
      x = 0u;
      i++;
    }
  }
}
