// The counting step skips invalid keys with an early return before the
// barrier.
var<workgroup> histogram: array<atomic<u32>, 16>;
@group(0) @binding(0) var<storage, read> keys: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  let key = keys[lid];
  if (key == 0xffffffffu) {
    return;
  }
  atomicAdd(&histogram[key & 15u], 1u);
  workgroupBarrier();
}
