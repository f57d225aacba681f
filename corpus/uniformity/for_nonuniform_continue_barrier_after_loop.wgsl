// A for loop with a non-uniform continue; the barrier after the loop.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < 16u; i++) {
    if ((lid + i) % 3u == 0u) {
      continue;
    }
    data[lid] += i;
  }
  workgroupBarrier();
}
