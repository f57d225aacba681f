// A local starts from the invocation index and is overwritten with a
// constant before it decides the barrier.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = lid;
  x = 0u;
  if (x == 0u) {
    workgroupBarrier();
  }
}
