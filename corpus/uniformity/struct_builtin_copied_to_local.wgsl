// The struct is copied into a local before its uniform member is read.
struct Inputs {
  @builtin(num_workgroups) num_groups: vec3<u32>,
  @builtin(global_invocation_id) gid: vec3<u32>,
}

@compute @workgroup_size(64)
fn main(s: Inputs) {
  var copy = s;
  if (copy.num_groups.y == 1u) {
    workgroupBarrier();
  }
}
