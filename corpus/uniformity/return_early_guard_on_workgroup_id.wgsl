// The same guard on the workgroup id, uniform per workgroup.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  if (wid.x >= n) {
    return;
  }
  workgroupBarrier();
}
