// The first global index of the workgroup, computed from the workgroup id.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  let base = wid.x * 64u;
  if (base >= n) {
    return;
  }
  workgroupBarrier();
}
