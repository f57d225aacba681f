// A struct of builtins as the entry point parameter; the condition reads
// its num_workgroups member, while another member is the invocation index.
struct Inputs {
  @builtin(num_workgroups) num_groups: vec3<u32>,
  @builtin(local_invocation_index) idx: u32,
}

@compute @workgroup_size(64)
fn main(s: Inputs) {
  if (s.num_groups.x > 1u) {
    workgroupBarrier();
  }
}
