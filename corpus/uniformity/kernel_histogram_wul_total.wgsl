// A histogram whose total is read with workgroupUniformLoad to decide a
// second pass. The load and the barrier are both uniform.
var<workgroup> total: u32;
var<workgroup> bins: array<atomic<u32>, 32>;
@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  atomicAdd(&bins[values[lid] % 32u], 1u);
  if (lid == 0u) {
    total = 64u;
  }
  let t = workgroupUniformLoad(&total);
  if (t > 0u) {
    workgroupBarrier();
    if (lid < 32u) {
      out[lid] = atomicLoad(&bins[lid]);
    }
  }
}
