// Per-invocation breaks, barrier after the loop: every invocation gets
// there.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < 16u; i++) {
    if (data[i] == lid) {
      break;
    }
  }
  workgroupBarrier();
}
