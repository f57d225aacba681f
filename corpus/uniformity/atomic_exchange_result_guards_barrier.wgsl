// The old value of an atomicExchange decides the barrier.
@group(0) @binding(0) var<storage, read_write> slot: atomic<u32>;

@compute @workgroup_size(64)
fn main() {
  let old = atomicExchange(&slot, 1u);
  if (old == 0u) {
    storageBarrier();
  }
}
