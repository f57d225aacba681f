// The near miss: the struct holds only uniform builtins.
struct Groups {
  @builtin(num_workgroups) num_groups: vec3<u32>,
  @builtin(workgroup_id) id: vec3<u32>,
}

fn sync_if_many(s: Groups) {
  if (s.num_groups.x > 1u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main(s: Groups) {
  sync_if_many(s);
}
