// The counting step of a radix sort: atomics per digit, barrier, then one
// invocation writes the histogram.
// Two barriers, both uniform.
var<workgroup> histogram: array<atomic<u32>, 16>;
@group(0) @binding(0) var<storage, read> keys: array<u32>;
@group(0) @binding(1) var<storage, read_write> counts: array<u32>;
@group(0) @binding(2) var<uniform> shift: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  if (lid < 16u) {
    atomicStore(&histogram[lid], 0u);
  }
  workgroupBarrier();
  let key = keys[wid.x * 64u + lid];
  atomicAdd(&histogram[(key >> shift) & 15u], 1u);
  workgroupBarrier();
  if (lid < 16u) {
    counts[wid.x * 16u + lid] = atomicLoad(&histogram[lid]);
  }
}
