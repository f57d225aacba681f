// A local made non-uniform, then a uniform early return; the barrier after
// it depends on a different, uniform local.
@group(0) @binding(0) var<uniform> n: u32;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = lid;
  var y = n;
  data[lid] = x;
  if (y == 0u) {
    return;
  }
  if (y > 1u) {
    workgroupBarrier();
  }
}
