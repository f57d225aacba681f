// A switch with only a default case: every invocation takes it, but the
// selector is non-uniform.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  switch (lid) {
    default: {
      workgroupBarrier();
    }
  }
}
