// A non-uniform return inside a helper function returns from the helper
// only; the caller's barrier after the call is uniform.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn store_if_small(i: u32) {
  if (i > 8u) {
    return;
  }
  data[i] = i;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  store_if_small(lid);
  workgroupBarrier();
}
