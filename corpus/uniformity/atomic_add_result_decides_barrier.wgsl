// The result of atomicAdd on a workgroup atomic.
var<workgroup> ticket: atomic<u32>;

@compute @workgroup_size(64)
fn main() {
  let t = atomicAdd(&ticket, 1u);
  if (t == 0u) {
    workgroupBarrier();
  }
}
