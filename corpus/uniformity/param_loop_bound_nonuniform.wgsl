// The parameter bounds a loop with a barrier in the helper.
fn repeat_sync(count: u32) {
  for (var i = 0u; i < count; i++) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  repeat_sync(lid);
}
