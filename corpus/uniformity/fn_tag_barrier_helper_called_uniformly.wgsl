// A helper that reaches a barrier, called in uniform control flow.
fn sync() {
  workgroupBarrier();
}

@compute @workgroup_size(64)
fn main() {
  sync();
}
