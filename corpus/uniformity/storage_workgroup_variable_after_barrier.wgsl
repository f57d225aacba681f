// A workgroup variable read after a barrier: still non-uniform.
// The workgroupBarrier is uniform; the question is the storageBarrier.
var<workgroup> count: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
    count = 4u;
  }
  workgroupBarrier();
  for (var i = 0u; i < count; i++) {
    storageBarrier();
  }
}
