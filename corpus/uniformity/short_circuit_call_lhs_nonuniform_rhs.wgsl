// The barrier helper is the left operand, always evaluated.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn synced_check() -> bool {
  workgroupBarrier();
  return true;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (synced_check() && lid < 32u) {
    data[lid] = 1u;
  }
}
