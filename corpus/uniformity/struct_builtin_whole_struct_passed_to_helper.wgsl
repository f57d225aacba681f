// The struct of builtins is handed whole to a helper, which tests its
// uniform member.
struct Inputs {
  @builtin(num_workgroups) num_groups: vec3<u32>,
  @builtin(local_invocation_index) idx: u32,
}

fn sync_if_many(s: Inputs) {
  if (s.num_groups.x > 1u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main(s: Inputs) {
  sync_if_many(s);
}
