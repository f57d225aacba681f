// An unconditional break at the end of the body: the loop body runs once
// for all.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  loop {
    workgroupBarrier();
    break;
  }
}
