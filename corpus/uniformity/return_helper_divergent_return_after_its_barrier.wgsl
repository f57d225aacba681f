// The helper's non-uniform return comes after its own barrier; the
// caller's barrier after the call is reached by all.
// Two barriers, both uniform.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn sync_then_maybe_write(i: u32) {
  workgroupBarrier();
  if (i > 8u) {
    return;
  }
  data[i] = 1u;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  sync_then_maybe_write(lid);
  storageBarrier();
}
