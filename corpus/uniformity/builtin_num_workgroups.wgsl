// A branch on the number of workgroups.
@compute @workgroup_size(64)
fn main(@builtin(num_workgroups) groups: vec3<u32>) {
  if (groups.x > 4u) {
    workgroupBarrier();
  }
}
