// `&` on bools evaluates both operands: the barrier helper runs for all.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn synced_check() -> bool {
  workgroupBarrier();
  return true;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if ((lid < 32u) & synced_check()) {
    data[lid] = 1u;
  }
}
