// The result of atomicLoad.
@group(0) @binding(0) var<storage, read_write> counter: atomic<u32>;

@compute @workgroup_size(64)
fn main() {
  if (atomicLoad(&counter) > 4u) {
    workgroupBarrier();
  }
}
