// The barrier comes before the non-uniform break in the body, but the next
// iteration's barrier is missed by those that left.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < 16u; i++) {
    workgroupBarrier();
    if (data[i] == lid) {
      break;
    }
  }
}
