// The barrier helper is called in a loop that invocations leave at
// different times.
fn sync() {
  workgroupBarrier();
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < lid; i++) {
    sync();
  }
}
