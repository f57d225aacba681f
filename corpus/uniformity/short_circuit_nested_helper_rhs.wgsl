// The right operand calls a helper that calls the barrier helper.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn synced() -> u32 {
  workgroupBarrier();
  return 1u;
}

fn check(i: u32) -> bool {
  return synced() == i;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (data[lid] > 0u || check(lid)) {
    data[lid] = 0u;
  }
}
