// The guard after the barrier.
@group(0) @binding(0) var<uniform> n: u32;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  workgroupBarrier();
  if (gid.x >= n) {
    return;
  }
  data[gid.x] = 1u;
}
