// A persistent-thread queue: each invocation pops until the queue is empty,
// with a barrier per pop.
@group(0) @binding(0) var<storage, read_write> head: atomic<u32>;
@group(0) @binding(1) var<storage, read> items: array<u32>;
@group(0) @binding(2) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main() {
  loop {
    let i = atomicAdd(&head, 1u);
    if (i >= arrayLength(&items)) {
      break;
    }
    out[i] = items[i] * 2u;
    storageBarrier();
  }
}
