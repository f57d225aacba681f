// A counter that starts per invocation, with the barrier after the loop.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var sum = 0u;
  for (var i = lid; i < 64u; i += 8u) {
    sum += i;
  }
  workgroupBarrier();
  data[lid] = sum;
}
