// A struct whose builtins are all uniform.
struct Inputs {
  @builtin(num_workgroups) num_groups: vec3<u32>,
  @builtin(workgroup_id) group: vec3<u32>,
}

@compute @workgroup_size(64)
fn main(s: Inputs) {
  if (s.group.x < s.num_groups.x - 1u) {
    workgroupBarrier();
  }
}
