// An atomic whose result is used only after the barrier.
@group(0) @binding(0) var<storage, read_write> counter: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  let old = atomicAdd(&counter, 1u);
  workgroupBarrier();
  data[lid] = old;
}
