// An accumulator sums non-uniform values; the barrier depends only on the
// counter.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var acc = 0u;
  for (var i = 0u; i < 4u; i++) {
    acc += data[lid * 4u + i];
    workgroupBarrier();
  }
  data[lid] = acc;
}
