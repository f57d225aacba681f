// The workgroup's atomic total read with atomicLoad after a barrier: every
// invocation reads the same total, but an atomic's result is non-uniform.
// The workgroupBarrier is uniform; the question is the storageBarrier.
var<workgroup> total: atomic<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  atomicAdd(&total, lid);
  workgroupBarrier();
  let t = atomicLoad(&total);
  if (t > 100u) {
    storageBarrier();
  }
}
