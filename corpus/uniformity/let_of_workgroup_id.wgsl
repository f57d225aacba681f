// A let bound to the workgroup id, the same for the whole workgroup.
@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  let row = wid.y * 4u;
  if (row < 16u) {
    workgroupBarrier();
  }
}
