// An early break on the workgroup id, uniform within a workgroup.
@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  for (var i = 0u; i < 8u; i++) {
    if (i == wid.x) {
      break;
    }
    workgroupBarrier();
  }
}
