// The non-uniform store is followed by a uniform one on the same path before
// the continue; the next iteration reads the uniform value.
@group(0) @binding(0) var<uniform> n: u32;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  for (var i = 0u; i < n; i++) {
    if (x == 0u) {
      workgroupBarrier();
    }
    x = lid;
    data[lid] = x;
    x = 0u;
  }
}
