// The helper is called from two places; only the second is divergent.
// Tint reports the barrier in the helper.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn sync() {
  workgroupBarrier();
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  sync();
  data[lid] = 1u;
  if (data[lid] == 1u) {
    sync();
  }
}
