// A while loop that runs per invocation.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var i = 0u;
  while (i < lid) {
    workgroupBarrier();
    i++;
  }
}
