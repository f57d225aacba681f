// `continue` as the last statement of a non-uniform branch at the end of
// the body changes nothing: the loop goes on for every invocation.
@group(0) @binding(0) var<uniform> n: u32;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < n; i++) {
    workgroupBarrier();
    if (lid == 0u) {
      data[0] = i;
      continue;
    }
  }
}
