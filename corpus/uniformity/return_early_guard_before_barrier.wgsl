// The classic bounds guard before a barrier.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  if (gid.x >= n) {
    return;
  }
  workgroupBarrier();
}
