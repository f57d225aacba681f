// A for loop whose bound is the invocation index.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < lid; i++) {
    workgroupBarrier();
  }
}
