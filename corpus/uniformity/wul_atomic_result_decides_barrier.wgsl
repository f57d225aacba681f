// workgroupUniformLoad of a workgroup atomic: the result is uniform, unlike
// atomicLoad's.
// The load and the barrier are both uniform.
var<workgroup> counter: atomic<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  atomicAdd(&counter, lid);
  let v = workgroupUniformLoad(&counter);
  if (v > 100u) {
    workgroupBarrier();
  }
}
