// The workgroup id member, next to the local invocation id.
struct Inputs {
  @builtin(local_invocation_id) local_id: vec3<u32>,
  @builtin(workgroup_id) group: vec3<u32>,
}

@compute @workgroup_size(8, 8)
fn main(s: Inputs) {
  if (s.group.y == 0u) {
    workgroupBarrier();
  }
}
