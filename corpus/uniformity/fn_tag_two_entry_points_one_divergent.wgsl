// Two entry points call the helper; one of them divergently.
fn sync() {
  workgroupBarrier();
}

@compute @workgroup_size(64)
fn uniform_main() {
  sync();
}

@compute @workgroup_size(64)
fn divergent_main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 1u) {
    sync();
  }
}
