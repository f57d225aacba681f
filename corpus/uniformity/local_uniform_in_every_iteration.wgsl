// A local assigned a uniform value in every iteration before the barrier
// it decides; a non-uniform value goes to it only after the loop.
@group(0) @binding(0) var<uniform> n: u32;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  for (var i = 0u; i < n; i++) {
    x = i;
    if (x % 2u == 0u) {
      workgroupBarrier();
    }
  }
  x = lid;
  data[lid] = x;
}
