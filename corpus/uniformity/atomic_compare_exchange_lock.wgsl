// A spin lock on atomicCompareExchangeWeak: its result decides a barrier.
var<workgroup> lock: atomic<u32>;

@compute @workgroup_size(64)
fn main() {
  let r = atomicCompareExchangeWeak(&lock, 0u, 1u);
  if (r.exchanged) {
    workgroupBarrier();
  }
}
