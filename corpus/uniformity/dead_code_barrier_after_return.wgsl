// A barrier after an unconditional return is never reached.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
    return;
    workgroupBarrier();
  }
}
