// The helper returns early on its argument, before its own barrier.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn sync_if_small(i: u32) {
  if (i > 8u) {
    return;
  }
  workgroupBarrier();
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  sync_if_small(lid);
}
