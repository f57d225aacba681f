// The non-uniform continue comes after the barrier; Tint still sees the
// next iteration's barrier behind it.
@group(0) @binding(0) var<uniform> n: u32;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < n; i++) {
    workgroupBarrier();
    if (lid % 2u == 0u) {
      continue;
    }
    data[lid] += i;
  }
}
