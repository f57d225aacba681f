// The near miss of wul_result_decides_barrier: a plain read of the
// workgroup variable.
// The workgroupBarrier is uniform; the question is the storageBarrier.
var<workgroup> flag: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
    flag = 1u;
  }
  workgroupBarrier();
  let v = flag;
  if (v == 1u) {
    storageBarrier();
  }
}
