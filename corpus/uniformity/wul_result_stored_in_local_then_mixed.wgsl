// The uniform result is added to the invocation index in a local.
// The load is uniform; the question is the barrier.
var<workgroup> base: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = workgroupUniformLoad(&base);
  x += lid;
  if (x > 8u) {
    workgroupBarrier();
  }
}
