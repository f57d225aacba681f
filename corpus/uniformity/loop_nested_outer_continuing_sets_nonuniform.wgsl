// The outer loop's continuing block makes `x` non-uniform; an inner loop
// in the next outer iteration decides its barrier on it.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  var o = 0u;
  loop {
    for (var i = 0u; i < 2u; i++) {
      if (x == 0u) {
        workgroupBarrier();
      }
    }
    continuing {
      x = data[lid];
      o++;
      break if o >= 3u;
    }
  }
}
