// The counter starts from the invocation index.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = lid; i < 64u; i++) {
    workgroupBarrier();
  }
}
