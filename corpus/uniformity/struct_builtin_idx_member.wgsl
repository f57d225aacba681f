// The same struct; the condition reads the invocation index member.
struct Inputs {
  @builtin(num_workgroups) num_groups: vec3<u32>,
  @builtin(local_invocation_index) idx: u32,
}

@compute @workgroup_size(64)
fn main(s: Inputs) {
  if (s.idx > 1u) {
    workgroupBarrier();
  }
}
