// A bitonic sort over workgroup memory: both loop counters are uniform,
// the compare-exchange is guarded per invocation.
// Two barriers, both uniform.
var<workgroup> keys: array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  keys[lid] = data[lid];
  workgroupBarrier();
  for (var k = 2u; k <= 64u; k <<= 1u) {
    for (var j = k >> 1u; j > 0u; j >>= 1u) {
      let other = lid ^ j;
      if (other > lid) {
        let a = keys[lid];
        let b = keys[other];
        let ascending = (lid & k) == 0u;
        if ((a > b) == ascending) {
          keys[lid] = b;
          keys[other] = a;
        }
      }
      workgroupBarrier();
    }
  }
  data[lid] = keys[lid];
}
