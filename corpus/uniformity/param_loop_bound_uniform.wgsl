// The near miss: the bound is the number of workgroups.
fn repeat_sync(count: u32) {
  for (var i = 0u; i < count; i++) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main(@builtin(num_workgroups) groups: vec3<u32>) {
  repeat_sync(groups.x);
}
