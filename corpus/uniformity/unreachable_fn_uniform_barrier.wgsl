// A function no entry point calls, with an unconditional barrier.
fn never_called() {
  workgroupBarrier();
}

@compute @workgroup_size(64)
fn main() {
}
