// The uniform member is passed to a helper whose barrier depends on it.
struct Inputs {
  @builtin(num_workgroups) num_groups: vec3<u32>,
  @builtin(local_invocation_index) idx: u32,
}

fn sync_n(n: u32) {
  for (var i = 0u; i < n; i++) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main(s: Inputs) {
  sync_n(s.num_groups.z);
}
