// workgroupUniformLoad's result is uniform and decides the barrier.
// The load and the barrier are both uniform.
var<workgroup> flag: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
    flag = 1u;
  }
  let v = workgroupUniformLoad(&flag);
  if (v == 1u) {
    workgroupBarrier();
  }
}
