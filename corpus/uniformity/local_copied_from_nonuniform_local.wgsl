// A local initialised from another local that holds the invocation index.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a = lid;
  var b = a;
  if (b == 0u) {
    workgroupBarrier();
  }
}
