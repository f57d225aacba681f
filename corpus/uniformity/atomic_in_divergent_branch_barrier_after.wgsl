// A divergent atomicAdd; the barrier after the branch is uniform.
var<workgroup> hits: atomic<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid % 3u == 0u) {
    atomicAdd(&hits, 1u);
  }
  workgroupBarrier();
}
